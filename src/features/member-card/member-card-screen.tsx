import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ApiError, failureMessage } from '../../api/client';
import { BrandLogo } from '../../components/brand-logo';
import { Button, buttonClass } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { LoadingModal } from '../../components/loading-modal';
import { PageCard } from '../../components/page-card';
import { commonTexts } from '../../i18n/zh-TW/common';
import { memberCardTexts } from '../../i18n/zh-TW/member-card';
import { useToLoginIfSessionEnded } from '../../lib/session-ended';
import { memberCardQueryOptions } from './api';
import { CardCode } from './card-code';
import { useCardPageKeptOffline } from './keep-offline';
import { RecentScans } from './recent-scans';
import { useWakeLock } from './use-wake-lock';

/** The member card: who it is of, the code the till scans, and where it was used lately. */
export function MemberCardScreen() {
  const card = useQuery(memberCardQueryOptions());
  useWakeLock();
  useCardPageKeptOffline(!card.isPlaceholderData && Boolean(card.data?.card) && card.data?.offline === false);

  // A session the server has ended: signing in again leads back to the card, as from the rich menu.
  const sessionEnded = card.error instanceof ApiError && card.error.rc === 'TOKEN_INVALID';
  const toLoginIfSessionEnded = useToLoginIfSessionEnded();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the answer says so.
  useEffect(() => {
    if (sessionEnded) toLoginIfSessionEnded();
  }, [sessionEnded]);
  if (sessionEnded) return null;
  const view = card.data;
  return (
    <PageCard title={memberCardTexts.heading}>
      {view ? (
        <div className="flex flex-col gap-5">
          <div className="flex items-center gap-3">
            <BrandLogo className="size-12" />
            <div className="flex min-w-0 flex-col">
              {/* Whole at any text size: a cashier may need to read the name, so it wraps, never cut. */}
              <p className="break-words text-lg font-semibold text-ink">{view.name}</p>
              <p className="text-sm text-ink-muted tabular-nums">{view.mobileMasked}</p>
            </div>
          </div>
          {view.offline ? (
            <p role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-ink">
              {memberCardTexts.offline}
            </p>
          ) : null}
          {view.card ? (
            <CardCode card={view.card} />
          ) : (
            <div role="note" className="flex flex-col gap-3 rounded-xl bg-brand-50 p-4">
              <p className="font-semibold text-ink">{memberCardTexts.unverifiedTitle}</p>
              <p className="text-sm text-ink">{memberCardTexts.unverified}</p>
              <Link to="/verify_mobile" className={buttonClass('primary')}>
                {memberCardTexts.verify}
              </Link>
            </div>
          )}
          <RecentScans scans={view.recentScans} />
        </div>
      ) : card.isError ? (
        <div role="alert" className="flex flex-col gap-3">
          <p className="font-semibold text-danger">{memberCardTexts.loadFailed}</p>
          <p className="text-sm text-ink">{failureMessage(card.error)}</p>
          <Button onClick={() => void card.refetch()}>{memberCardTexts.retry}</Button>
        </div>
      ) : (
        <p className="text-center text-sm text-ink-muted">{memberCardTexts.loading}</p>
      )}
      <div className="mt-6">
        <Link to="/change_member" className={linkClass}>
          {commonTexts.backToProfile}
        </Link>
      </div>
      <LoadingModal open={card.isPending} />
    </PageCard>
  );
}
