import { Link } from '@tanstack/react-router';
import { t } from '../i18n/zh-TW';
import { BrandLogo } from './brand-logo';
import { buttonClass } from './button';
import { PageCard } from './page-card';

/** Shown by every screen that is not open yet. */
export function ComingSoon() {
  return (
    <PageCard>
      <div className="flex flex-col items-center gap-4 text-center">
        <BrandLogo className="size-16" />
        <h1 className="text-xl font-bold text-ink">{t.common.comingSoon}</h1>
        <p className="text-ink-muted">{t.common.comingSoonHint}</p>
        <Link to="/login" className={`${buttonClass('secondary')} mt-2`}>
          {t.common.backToLogin}
        </Link>
      </div>
    </PageCard>
  );
}
