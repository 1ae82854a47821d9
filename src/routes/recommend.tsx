import { createFileRoute } from '@tanstack/react-router';
import { TASK_REWARDS_CALLS_IN_A_ROW } from '../api/rewards';
import { RoutePending } from '../components/route-pending';
import { friendRecommendCopyQueryOptions, referrerRewardsQueryOptions } from '../features/recommend/api';
import { RecommendScreen } from '../features/recommend/recommend-screen';

export const Route = createFileRoute('/recommend')({
  // fetchQuery rather than ensureQueryData: a failed load is kept as data but stale at once, so
  // coming back asks again instead of showing the old failure (loaded data stays five minutes).
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.fetchQuery(friendRecommendCopyQueryOptions()),
      queryClient.fetchQuery(referrerRewardsQueryOptions()),
    ]),
  // The rewards' calls come one after another: the page is not called failed while they still may answer.
  pendingComponent: () => <RoutePending callsInARow={TASK_REWARDS_CALLS_IN_A_ROW} />,
  component: RecommendScreen,
});
