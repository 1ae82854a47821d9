import logoUrl from '../assets/logo.svg';
import { t } from '../i18n/zh-TW';

export function BrandLogo({ className = 'size-20' }: { className?: string }) {
  return <img src={logoUrl} alt={t.app.logoAlt} className={className} width={80} height={80} />;
}
