import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/button';
import { t } from '../../i18n/zh-TW';

/** Binding needs the LINE login that found the LINE id unbound; without it the member starts there. */
export function NeedLineLogin() {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 text-center">
      <h2 className="text-lg font-semibold text-ink">{t.lineBind.needLineTitle}</h2>
      <p className="text-ink-muted">{t.lineBind.needLineText}</p>
      <Link to="/login" className={buttonClass('primary')}>
        {t.common.backToLogin}
      </Link>
    </div>
  );
}
