import { Link } from '@tanstack/react-router';
import { appTexts } from '../i18n/zh-TW/app';
import { commonTexts } from '../i18n/zh-TW/common';
import { buttonClass } from './button';
import { PageCard } from './page-card';

export function NotFound() {
  return (
    <PageCard title={appTexts.notFound}>
      <Link to="/login" className={buttonClass('secondary')}>
        {commonTexts.backToLogin}
      </Link>
    </PageCard>
  );
}
