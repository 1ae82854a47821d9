import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/button';
import { t } from '../../i18n/zh-TW';

/** A recovery screen without its temp token: nothing can be verified or reset, so the member starts again. */
export function RecoveryExpired() {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 text-center">
      <h2 className="text-lg font-semibold text-ink">{t.password.expiredTitle}</h2>
      <p className="text-ink-muted">{t.password.expiredText}</p>
      <Link to="/forgotPassword" className={buttonClass('primary')}>
        {t.password.restart}
      </Link>
    </div>
  );
}
