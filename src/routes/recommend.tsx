import { createFileRoute } from '@tanstack/react-router';
import { friendRecommendCopyQueryOptions, referrerRewardsQueryOptions } from '../features/recommend/api';
import { RecommendPending } from '../features/recommend/recommend-pending';
import { RecommendScreen } from '../features/recommend/recommend-screen';

export const Route = createFileRoute('/recommend')({
  // fetchQuery rather than ensureQueryData: a failed load is kept as data but stale at once, so
  // coming back asks again instead of showing the old failure (loaded data stays five minutes).
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.fetchQuery(friendRecommendCopyQueryOptions()),
      queryClient.fetchQuery(referrerRewardsQueryOptions()),
    ]),
  pendingComponent: RecommendPending,
  component: RecommendScreen,
});
