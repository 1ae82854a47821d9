import { SuccessOverlay } from '../../components/success-overlay';
import { t } from '../../i18n/zh-TW';

/**
 * The registration success overlay while the member is taken on, wherever registration ends
 * (step 2 or step 3; `useWelcome`).
 */
export function WelcomeOverlay({ welcomed, redirectFailed }: { welcomed: boolean; redirectFailed: boolean }) {
  return (
    <SuccessOverlay
      open={welcomed}
      title={t.register.successTitle}
      redirecting={t.register.successRedirecting}
      fallback={t.register.goToMemberArea}
      redirectFailed={redirectFailed}
    />
  );
}
