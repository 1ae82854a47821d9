import { StartOver } from '../../components/start-over';
import { passwordTexts } from '../../i18n/zh-TW/password';
import { storage } from '../../lib/storage';

/**
 * A recovery screen without its temp token: nothing can be verified or reset, so the member starts
 * again; unless this tab has just finished the recovery (Back from /login), which is then said.
 */
export function RecoveryExpired() {
  if (storage.passwordResetDone.get())
    return (
      <StartOver
        title={passwordTexts.resetDoneTitle}
        text={passwordTexts.resetDoneText}
        to="/login"
        action={passwordTexts.toLogin}
      />
    );
  return (
    <StartOver
      title={passwordTexts.expiredTitle}
      text={passwordTexts.expiredText}
      to="/forgotPassword"
      action={passwordTexts.restart}
    />
  );
}
