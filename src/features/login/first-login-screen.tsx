import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/button';
import { PageCard } from '../../components/page-card';
import { commonTexts } from '../../i18n/zh-TW/common';
import { firstLoginTexts } from '../../i18n/zh-TW/first-login';

/** Static first-login defaults for members coming from the store, the web and the app. */
export function FirstLoginScreen() {
  return (
    <PageCard title={firstLoginTexts.heading}>
      <ol className="flex list-decimal flex-col gap-3 pl-5 text-base leading-relaxed text-ink">
        {firstLoginTexts.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ol>
      <Link to="/login" className={`${buttonClass('primary')} mt-8`}>
        {commonTexts.backToLogin}
      </Link>
    </PageCard>
  );
}
