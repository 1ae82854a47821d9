import { StartOver } from '../../components/start-over';
import { passwordTexts } from '../../i18n/zh-TW/password';

/** A recovery screen without its temp token: nothing can be verified or reset, so the member starts again. */
export function RecoveryExpired() {
  return (
    <StartOver
      title={passwordTexts.expiredTitle}
      text={passwordTexts.expiredText}
      to="/forgotPassword"
      action={passwordTexts.restart}
    />
  );
}
