import { StartOver } from '../../components/start-over';
import { t } from '../../i18n/zh-TW';

/** A recovery screen without its temp token: nothing can be verified or reset, so the member starts again. */
export function RecoveryExpired() {
  return (
    <StartOver
      title={t.password.expiredTitle}
      text={t.password.expiredText}
      to="/forgotPassword"
      action={t.password.restart}
    />
  );
}
