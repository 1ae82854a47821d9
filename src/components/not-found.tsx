import { Link } from '@tanstack/react-router';
import { t } from '../i18n/zh-TW';
import { buttonClass } from './button';
import { PageCard } from './page-card';

export function NotFound() {
  return (
    <PageCard title={t.app.notFound}>
      <Link to="/login" className={buttonClass('secondary')}>
        {t.common.backToLogin}
      </Link>
    </PageCard>
  );
}
