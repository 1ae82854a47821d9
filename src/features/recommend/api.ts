import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BriefCopywritingConfigResults, ENDPOINTS, FRIEND_RECOMMEND_COPY_KEY } from '#protocol/endpoints';
import { ApiError, callApi, hasRc } from '../../api/client';

/** The friend-invite copy; any answer but C01 is an error carrying its RM. */
export async function fetchFriendRecommendCopy(): Promise<string> {
  const answer = await callApi<BriefCopywritingConfigResults>(ENDPOINTS.briefCopywritingConfig, {
    params: { keys: [FRIEND_RECOMMEND_COPY_KEY] },
  });
  if (!hasRc(answer, 'C01')) throw new ApiError(answer.rcrm.RC, answer.rcrm.RM);
  return answer.results?.copywriting?.[FRIEND_RECOMMEND_COPY_KEY] ?? '';
}

export const friendRecommendCopyQueryOptions = queryOptions({
  queryKey: ['copywriting', FRIEND_RECOMMEND_COPY_KEY],
  queryFn: fetchFriendRecommendCopy,
  staleTime: 300_000,
});

export const useFriendRecommendCopyQuery = () => useQuery(friendRecommendCopyQueryOptions);
