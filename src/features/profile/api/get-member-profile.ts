import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { MemberProfile } from '#protocol/endpoints';
import { RC_MESSAGES } from '#protocol/rc';
import { ApiError, callApi, hasRc } from '../../../api/client';
import { isSessionStill } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { memberToken } from './member-token';

/** The profile, also kept in session storage; any answer but C01 is an error carrying its RM. */
export async function getMemberProfile(): Promise<MemberProfile> {
  const token = memberToken();
  const answer = await callApi('getMemberProfile', { token });
  if (!hasRc(answer, 'C01')) throw new ApiError(answer.rcrm.RC, answer.rcrm.RM);
  const profile = answer.results?.member_profile;
  if (!profile) throw new ApiError('SYSTEM_ERROR', RC_MESSAGES.SYSTEM_ERROR);
  if (!isSessionStill(token)) throw new ApiError('TOKEN_INVALID', RC_MESSAGES.TOKEN_INVALID);
  storage.memberAccessInfo.set(profile);
  return profile;
}

/**
 * Read once per arrival: the screens' loaders ask afresh each time the member comes (`loadMemberProfile`),
 * and the profile is not read again while they stay. A read behind the member's back (a screen whose code
 * came after its profile, past the library's one second of freshness) would put the saved details back
 * into the form they are typing in.
 */
export const memberProfileQueryOptions = () =>
  queryOptions({ queryKey: ['member_profile'], queryFn: getMemberProfile, staleTime: Number.POSITIVE_INFINITY });

/** The profile as last loaded in this tab, for the screens that show the mobile without asking for it. */
export const lastLoadedProfile = (): MemberProfile | null => storage.memberAccessInfo.get();

/**
 * A loader of a screen that shows the mobile without asking for it: when this tab holds no profile
 * (a sign-in that came straight back to the screen, decision 0022), it is loaded first. Without it
 * the screen still works, so a failure is let go: the member is not kept from it by a weak signal.
 */
export async function loadProfileIfNoneKept(queryClient: QueryClient): Promise<void> {
  if (lastLoadedProfile()) return;
  await queryClient.ensureQueryData(memberProfileQueryOptions()).catch(() => undefined);
}
