import type { ReactNode } from 'react';
import { BrandLogo } from '../../components/brand-logo';
import { LoadingModal } from '../../components/loading-modal';
import { PageCard } from '../../components/page-card';
import { oauthTexts } from '../../i18n/zh-TW/oauth';

// Apart from the screen: the route's pending view is loaded with the app (the router shows it
// before the screen's own chunk has come), and should not bring the whole hop with it.

/** While the route asks who the client is. */
export function AuthorizeChecking() {
  return (
    <AuthorizeFrame status={oauthTexts.checking}>
      <LoadingModal open />
    </AuthorizeFrame>
  );
}

/** The hop's page: the brand, the heading and where the hop stands. */
export function AuthorizeFrame({ status, children }: { status: string; children: ReactNode }) {
  return (
    <PageCard>
      <div className="flex flex-col items-center gap-4 text-center">
        <BrandLogo className="size-16" />
        <h1 className="text-xl font-bold text-ink">{oauthTexts.heading}</h1>
        <p className="leading-relaxed text-ink-muted">{status}</p>
      </div>
      {children}
    </PageCard>
  );
}
