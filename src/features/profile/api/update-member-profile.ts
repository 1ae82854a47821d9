import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberProfile } from '#protocol/endpoints';
import type { CallOptions } from '../../../api/action-options';
import { callApi, hasRc } from '../../../api/client';
import { storage } from '../../../lib/storage';
import { memberProfileQueryOptions } from './get-member-profile';
import { memberToken } from './member-token';

/** The details as the member saves them: empty means null, and a birthday (`YYYY/MM/DD`) only when newly given. */
export type EditedProfile = Pick<MemberProfile, 'name' | 'gender' | 'email'> & { birthday?: string };

export const updateMemberProfile = (edited: EditedProfile) =>
  callApi('updateMemberProfile', { token: memberToken(), params: { member_profile: edited } });

/** Saving the details; once saved, the profile shown (and kept in session storage) is the saved one. */
export function useUpdateMemberProfileMutation(options: CallOptions<typeof updateMemberProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateMemberProfile,
    onSuccess: (...args) => {
      const [answer, edited] = args;
      if (hasRc(answer, 'C01')) {
        const saved = queryClient.setQueryData(memberProfileQueryOptions().queryKey, (profile) =>
          profile ? { ...profile, ...edited, birthday: edited.birthday ?? profile.birthday } : profile,
        );
        if (saved) storage.memberAccessInfo.set(saved);
      }
      return options.onSuccess?.(...args);
    },
  });
}
