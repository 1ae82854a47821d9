import { queryOptions } from '@tanstack/react-query';
import { FRIEND_RECOMMEND_COPY_KEY } from '#protocol/values';
import { callApi } from '../../api/client';
import { loaded, loadedStaleTime, resultsOf } from '../../api/loaded';
import { taskRewardsQueryOptions } from '../../api/rewards';

async function fetchFriendRecommendCopy(): Promise<string> {
  const answer = await callApi('briefCopywritingConfig', { params: { keys: [FRIEND_RECOMMEND_COPY_KEY] } });
  return resultsOf(answer).copywriting[FRIEND_RECOMMEND_COPY_KEY] ?? '';
}

/** The brand's friend-invite copy, or why it could not be loaded. */
export const friendRecommendCopyQueryOptions = () =>
  queryOptions({
    queryKey: ['copywriting', FRIEND_RECOMMEND_COPY_KEY],
    queryFn: () => loaded(fetchFriendRecommendCopy),
    staleTime: loadedStaleTime,
  });

/** What the inviting member earns for each friend who joins and buys. */
export const referrerRewardsQueryOptions = () => taskRewardsQueryOptions('referrer');
