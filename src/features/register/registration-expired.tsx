import { StartOver } from '../../components/start-over';
import { t } from '../../i18n/zh-TW';

/** Step 3 without its temp token: nothing can be verified, so the member starts again. */
export function RegistrationExpired() {
  return (
    <StartOver
      title={t.register.expiredTitle}
      text={t.register.expiredText}
      to="/registerFirst"
      action={t.register.restart}
    />
  );
}
