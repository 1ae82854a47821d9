import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  type EditableMemberProfile,
  ENDPOINTS,
  type GetMemberProfileResults,
  MEMBER_VERIFICATION,
  type MemberProfile,
  type UpdateMemberMobileParams,
} from '#protocol/endpoints';
import { ApiError, callApi, encrypt, hasRc } from '../../api/client';
import { readSession } from '../../lib/session';
import { storage } from '../../lib/storage';

/** The signed-in member's token; the guard let the member in, so it is there unless it just expired. */
export const memberToken = (): string | null => readSession()?.token ?? null;

/** The profile, also kept in session storage; any answer but C01 is an error carrying its RM. */
export async function fetchMemberProfile(): Promise<MemberProfile> {
  const answer = await callApi<GetMemberProfileResults>(ENDPOINTS.getMemberProfile, { token: memberToken() });
  const profile = answer.results?.member_profile;
  if (!hasRc(answer, 'C01') || !profile) throw new ApiError(answer.rcrm.RC, answer.rcrm.RM);
  storage.memberAccessInfo.set(profile);
  return profile;
}

export const updateMemberProfile = (memberProfile: EditableMemberProfile) =>
  callApi(ENDPOINTS.updateMemberProfile, { token: memberToken(), params: { member_profile: memberProfile } });

export const sendVerificationCode = () =>
  callApi(ENDPOINTS.sendVerificationCode, {
    token: memberToken(),
    params: { verification_type: MEMBER_VERIFICATION },
  });

export const verifyVerificationCode = (code: string) =>
  callApi(ENDPOINTS.verifyVerificationCode, {
    token: memberToken(),
    params: { verification_type: MEMBER_VERIFICATION, verification_code: code },
  });

export const updateMemberMobile = ({ mobile, password }: UpdateMemberMobileParams) =>
  callApi(ENDPOINTS.updateMemberMobile, {
    token: memberToken(),
    params: { mobile: encrypt(mobile), password: encrypt(password) },
  });

export const memberVerify = (code: string) =>
  callApi(ENDPOINTS.memberVerify, { token: memberToken(), params: { verify_code: code } });

export const resendMemberVerify = () => callApi(ENDPOINTS.resendMemberVerify, { token: memberToken() });

// Always fresh on arrival: another screen (or device) may have changed the mobile or verified it.
export const memberProfileQueryOptions = queryOptions({
  queryKey: ['member_profile'],
  queryFn: fetchMemberProfile,
  gcTime: 0,
});

export const useMemberProfileQuery = () => useQuery(memberProfileQueryOptions);
export const useUpdateMemberProfileMutation = () => useMutation({ mutationFn: updateMemberProfile });
export const useSendVerificationCodeMutation = () => useMutation({ mutationFn: sendVerificationCode });
export const useVerifyVerificationCodeMutation = () => useMutation({ mutationFn: verifyVerificationCode });
export const useUpdateMemberMobileMutation = () => useMutation({ mutationFn: updateMemberMobile });
export const useMemberVerifyMutation = () => useMutation({ mutationFn: memberVerify });
export const useResendMemberVerifyMutation = () => useMutation({ mutationFn: resendMemberVerify });
