import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/button';
import { t } from '../../i18n/zh-TW';

/** Step 3 without its temp token: nothing can be verified, so the member starts again. */
export function RegistrationExpired() {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 text-center">
      <h2 className="text-lg font-semibold text-ink">{t.register.expiredTitle}</h2>
      <p className="text-ink-muted">{t.register.expiredText}</p>
      <Link to="/registerFirst" className={buttonClass('primary')}>
        {t.register.restart}
      </Link>
    </div>
  );
}
