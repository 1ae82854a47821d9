import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { Button, buttonClass } from '../../components/button';
import { PageCard } from '../../components/page-card';
import { RewardList } from '../../components/reward-list';
import { commonTexts } from '../../i18n/zh-TW/common';
import { recommendTexts } from '../../i18n/zh-TW/recommend';
import { readSession } from '../../lib/session';
import { friendRecommendCopyQueryOptions, ownReferralCodeQueryOptions, referrerRewardsQueryOptions } from './api';

/**
 * The friend-invite page: the brand's copy and what the inviting member earns. A visitor comes
 * from registration's invite-code field; a signed-in member who opens it also gets their own
 * code and the way to share it.
 */
export function RecommendScreen() {
  const copyQuery = useSuspenseQuery(friendRecommendCopyQueryOptions());
  const rewardsQuery = useSuspenseQuery(referrerRewardsQueryOptions());
  const copy = copyQuery.data;
  const rewards = rewardsQuery.data;
  const [memberToken] = useState(() => readSession()?.token ?? null);
  const ownCode = useQuery({
    ...ownReferralCodeQueryOptions(memberToken ?? ''),
    enabled: memberToken !== null,
    // As a failed load of the copy would: a broken answer is the error page's, not a wait forever.
    throwOnError: true,
  });
  // A session the server has ended (its call ended it here, `callApi`) makes this a visitor's page.
  const signedIn = memberToken !== null && readSession()?.token === memberToken;
  const codeFailure = signedIn && ownCode.data?.ok === false ? ownCode.data.message : null;
  const failure = (!copy.ok && copy.message) || (!rewards.ok && rewards.message) || codeFailure;
  const reloading = copyQuery.isFetching || rewardsQuery.isFetching || ownCode.isFetching;

  return (
    <PageCard title={recommendTexts.heading}>
      <div className="flex flex-col gap-5">
        {copy.ok && copy.value ? (
          <p className="whitespace-pre-line text-base leading-relaxed text-ink">{copy.value}</p>
        ) : null}
        {signedIn && !codeFailure ? (
          ownCode.data?.ok ? (
            <ownCode.data.value.OwnInviteCode code={ownCode.data.value.code} />
          ) : (
            <p role="status" className="text-base text-ink-muted">
              {recommendTexts.ownCodeLoading}
            </p>
          )
        ) : null}
        {rewards.ok ? (
          <section aria-labelledby="recommend-rewards" className="flex flex-col gap-3">
            <h2 id="recommend-rewards" className="text-base font-semibold text-ink">
              {recommendTexts.rewardsHeading}
            </h2>
            {rewards.value.description ? (
              <p className="whitespace-pre-line text-sm text-ink-muted">{rewards.value.description}</p>
            ) : null}
            <RewardList coupons={rewards.value.coupons} points={rewards.value.points} />
          </section>
        ) : null}
        {failure ? (
          <div role="alert" className="flex flex-col gap-2 text-danger">
            <p>{failure}</p>
            <Button
              variant="secondary"
              disabled={reloading}
              onClick={() => {
                if (!copy.ok) void copyQuery.refetch();
                if (!rewards.ok) void rewardsQuery.refetch();
                if (codeFailure) void ownCode.refetch();
              }}
            >
              {reloading ? commonTexts.loading : recommendTexts.retry}
            </Button>
          </div>
        ) : null}
        <WayBack signedIn={signedIn} />
      </div>
    </PageCard>
  );
}

/**
 * Back where the member came from; opened directly (LINE's browser may show no Back button), to
 * the login screen, or to the profile for a signed-in member, whom the login screen would only
 * send on.
 */
function WayBack({ signedIn }: { signedIn: boolean }) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  if (canGoBack)
    return (
      <Button variant="secondary" onClick={() => router.history.back()}>
        {recommendTexts.back}
      </Button>
    );
  return (
    <Link to={signedIn ? '/change_member' : '/login'} className={buttonClass('secondary')}>
      {signedIn ? commonTexts.backToProfile : commonTexts.backToLogin}
    </Link>
  );
}
