import { StartOver } from '../../components/start-over';
import { registerTexts } from '../../i18n/zh-TW/register';

/**
 * Step 3 without a temp token the server knows: nothing can be verified, so the member starts
 * again, or logs in when the registration had finished without them seeing it.
 */
export function RegistrationExpired() {
  return (
    <StartOver
      title={registerTexts.expiredTitle}
      text={registerTexts.expiredText}
      to="/registerFirst"
      action={registerTexts.restart}
      orLogIn={registerTexts.registeredLogIn}
    />
  );
}
