import { SuccessOverlay } from '../../components/success-overlay';
import { commonTexts } from '../../i18n/zh-TW/common';
import { registerTexts } from '../../i18n/zh-TW/register';

/**
 * The registration success overlay while the member is taken on, wherever registration ends
 * (step 2 or step 3; `useWelcome`).
 */
export function WelcomeOverlay({ welcomed, redirectFailed }: { welcomed: boolean; redirectFailed: boolean }) {
  return (
    <SuccessOverlay
      open={welcomed}
      title={registerTexts.successTitle}
      redirecting={registerTexts.successRedirecting}
      fallback={commonTexts.goToMemberArea}
      redirectFailed={redirectFailed}
    />
  );
}
