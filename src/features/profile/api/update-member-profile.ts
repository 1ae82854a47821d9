import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberProfile } from '#protocol/endpoints';
import type { CallOptions } from '../../../api/action-options';
import { callApi, hasRc } from '../../../api/client';
import { isSessionStill } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { memberProfileQueryOptions } from './get-member-profile';
import { memberToken } from './member-token';

/** The details as the member saves them: empty means null, and a birthday (`YYYY/MM/DD`) only when newly given. */
export type EditedProfile = Pick<MemberProfile, 'name' | 'gender' | 'email'> & { birthday?: string };

export const updateMemberProfile = (edited: EditedProfile, token: string | null = memberToken()) =>
  callApi('updateMemberProfile', { token, params: { member_profile: edited } });

/** The profile shown (and kept in session storage) becomes the one saved. */
function showSaved(queryClient: QueryClient, edited: EditedProfile): void {
  const saved = queryClient.setQueryData(memberProfileQueryOptions().queryKey, (profile) =>
    profile ? { ...profile, ...edited, birthday: edited.birthday ?? profile.birthday } : profile,
  );
  if (saved) storage.memberAccessInfo.set(saved);
}

/** Saving the details; once saved, the profile shown (and kept in session storage) is the saved one. */
export function useUpdateMemberProfileMutation(options: CallOptions<typeof updateMemberProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async (edited: EditedProfile) => {
      const token = memberToken();
      const answer = await updateMemberProfile(edited, token);
      // An answer that comes after someone else signed in on this browser (in another tab) is not
      // theirs: kept, it would show the last member's edits as the next one's profile.
      if (hasRc(answer, 'C01') && isSessionStill(token)) showSaved(queryClient, edited);
      return answer;
    },
  });
}
