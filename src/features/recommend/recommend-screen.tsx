import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import { failureMessage } from '../../api/client';
import { useTaskRewardsQuery } from '../../api/rewards';
import { Button, buttonClass } from '../../components/button';
import { PageCard } from '../../components/page-card';
import { RewardList } from '../../components/reward-list';
import { t } from '../../i18n/zh-TW';
import { useFriendRecommendCopyQuery } from './api';

/** The friend-invite page: the brand's copy and what the inviting member earns. */
export function RecommendScreen() {
  const copy = useFriendRecommendCopyQuery();
  const rewards = useTaskRewardsQuery('referrer');
  const router = useRouter();
  const canGoBack = useCanGoBack();

  return (
    <PageCard title={t.recommend.heading}>
      <div className="flex flex-col gap-5">
        {copy.isPending || rewards.isPending ? <p className="text-ink-muted">{t.common.loading}</p> : null}
        {copy.data ? <p className="whitespace-pre-line text-base leading-relaxed text-ink">{copy.data}</p> : null}
        {rewards.data ? (
          <section aria-labelledby="recommend-rewards" className="flex flex-col gap-3">
            <h2 id="recommend-rewards" className="text-base font-semibold text-ink">
              {t.recommend.rewardsHeading}
            </h2>
            {rewards.data.description ? (
              <p className="whitespace-pre-line text-sm text-ink-muted">{rewards.data.description}</p>
            ) : null}
            <RewardList coupons={rewards.data.coupons} points={rewards.data.points} />
          </section>
        ) : null}
        {copy.isError || rewards.isError ? (
          <div role="alert" className="flex flex-col gap-2 text-danger">
            <p>{failureMessage(copy.error ?? rewards.error)}</p>
            <Button
              variant="secondary"
              onClick={() => {
                if (copy.isError) void copy.refetch();
                if (rewards.isError) void rewards.refetch();
              }}
            >
              {t.recommend.retry}
            </Button>
          </div>
        ) : null}
        {canGoBack ? (
          <Button variant="secondary" onClick={() => router.history.back()}>
            {t.recommend.back}
          </Button>
        ) : (
          <Link to="/login" className={buttonClass('secondary')}>
            {t.common.backToLogin}
          </Link>
        )}
      </div>
    </PageCard>
  );
}
