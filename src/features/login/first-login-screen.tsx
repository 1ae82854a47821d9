import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/button';
import { PageCard } from '../../components/page-card';
import { t } from '../../i18n/zh-TW';

/** Static first-login defaults for members coming from the store, the web and the app. */
export function FirstLoginScreen() {
  return (
    <PageCard title={t.firstLogin.heading}>
      <ol className="flex list-decimal flex-col gap-3 pl-5 text-base leading-relaxed text-ink">
        {t.firstLogin.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ol>
      <Link to="/login" className={`${buttonClass('primary')} mt-8`}>
        {t.common.backToLogin}
      </Link>
    </PageCard>
  );
}
