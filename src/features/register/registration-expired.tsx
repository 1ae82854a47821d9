import { StartOver } from '../../components/start-over';
import { t } from '../../i18n/zh-TW';

/**
 * Step 3 without a temp token the server knows: nothing can be verified, so the member starts
 * again, or logs in when the registration had finished without them seeing it.
 */
export function RegistrationExpired() {
  return (
    <StartOver
      title={t.register.expiredTitle}
      text={t.register.expiredText}
      to="/registerFirst"
      action={t.register.restart}
      orLogIn={t.register.registeredLogIn}
    />
  );
}
