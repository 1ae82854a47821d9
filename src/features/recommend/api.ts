import { queryOptions } from '@tanstack/react-query';
import { FRIEND_RECOMMEND_COPY_KEY } from '#protocol/values';
import { callApi, loadedCode } from '../../api/client';
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

async function fetchOwnReferralCode(memberToken: string): Promise<string> {
  return resultsOf(await callApi('getMemberProfile', { token: memberToken })).member_profile.referral_code;
}

/**
 * The code with the part of the page that shows and shares it. That part (the share button and
 * its link-making, a few KiB) comes only for a member: a visitor, who arrives from registration's
 * invite-code field, has no code to share. Lost on the way, it is the connection, asked again.
 */
async function fetchOwnInviteCode(memberToken: string) {
  const [code, { OwnInviteCode }] = await Promise.all([
    fetchOwnReferralCode(memberToken),
    loadedCode(import('./own-invite-code')),
  ]);
  return { code, OwnInviteCode };
}

/**
 * A signed-in member's own invite code, which the profile answers, or why it could not be had.
 * Under the profile's key, so signing out drops it with the profile; keyed by the token, so a
 * member who signs in after another in this tab never sees the other's code.
 */
export const ownReferralCodeQueryOptions = (memberToken: string) =>
  queryOptions({
    queryKey: ['member_profile', 'referral_code', memberToken],
    queryFn: () => loaded(() => fetchOwnInviteCode(memberToken)),
    staleTime: loadedStaleTime,
  });
