// Always the emitted file, never a data: address: index.html paints the same file before any script
// runs, and the build would otherwise inline it here or not depending on which of the two it met first.
import logoUrl from '../assets/logo.svg?no-inline';
import { appTexts } from '../i18n/zh-TW/app';

export function BrandLogo({ className = 'size-20' }: { className?: string }) {
  return <img src={logoUrl} alt={appTexts.logoAlt} className={className} width={80} height={80} />;
}
