import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import { Button, buttonClass } from '../../components/button';
import { PageCard } from '../../components/page-card';
import { RewardList } from '../../components/reward-list';
import { commonTexts } from '../../i18n/zh-TW/common';
import { recommendTexts } from '../../i18n/zh-TW/recommend';
import { friendRecommendCopyQueryOptions, referrerRewardsQueryOptions } from './api';

/** The friend-invite page: the brand's copy and what the inviting member earns. */
export function RecommendScreen() {
  const { data: copy, refetch: refetchCopy } = useSuspenseQuery(friendRecommendCopyQueryOptions());
  const { data: rewards, refetch: refetchRewards } = useSuspenseQuery(referrerRewardsQueryOptions());
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const failure = (!copy.ok && copy.message) || (!rewards.ok && rewards.message);

  return (
    <PageCard title={recommendTexts.heading}>
      <div className="flex flex-col gap-5">
        {copy.ok && copy.value ? (
          <p className="whitespace-pre-line text-base leading-relaxed text-ink">{copy.value}</p>
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
              onClick={() => {
                if (!copy.ok) void refetchCopy();
                if (!rewards.ok) void refetchRewards();
              }}
            >
              {recommendTexts.retry}
            </Button>
          </div>
        ) : null}
        {canGoBack ? (
          <Button variant="secondary" onClick={() => router.history.back()}>
            {recommendTexts.back}
          </Button>
        ) : (
          <Link to="/login" className={buttonClass('secondary')}>
            {commonTexts.backToLogin}
          </Link>
        )}
      </div>
    </PageCard>
  );
}
