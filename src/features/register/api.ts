import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  type BriefTermResults,
  ENDPOINTS,
  type MemberTokenResults,
  REGISTER_TERM_TYPE,
  type RegisterCheckParams,
  type RegisterParams,
  type RegisterWithThirdPartyCrmDataParams,
  type TempTokenResults,
  type Term,
} from '#protocol/endpoints';
import type { ApiResponse } from '#protocol/rc';
import { ApiError, callApi, encrypt, hasRc } from '../../api/client';
import { storage } from '../../lib/storage';

export function registerCheck({ mobile, password, referrer_code }: RegisterCheckParams) {
  const params = { mobile: encrypt(mobile), password: encrypt(password) };
  return callApi(ENDPOINTS.registerCheck, { params: referrer_code ? { ...params, referrer_code } : params });
}

/** The register-type terms, flattened; any answer but C01 is an error carrying its RM. */
export async function fetchRegisterTerms(): Promise<Term[]> {
  const answer = await callApi<BriefTermResults>(ENDPOINTS.briefTerm, { params: { type: [REGISTER_TERM_TYPE] } });
  if (!hasRc(answer, 'C01')) throw new ApiError(answer.rcrm.RC, answer.rcrm.RM);
  return (answer.results?.terms ?? []).filter((group) => group.type === REGISTER_TERM_TYPE).flatMap((g) => g.terms);
}

const encryptedPayload = (payload: RegisterParams['register']) => ({
  ...payload,
  mobile: encrypt(payload.mobile),
  password: encrypt(payload.password),
});

export function register({ register, bind_third_party }: RegisterParams) {
  const params = { register: encryptedPayload(register), ...(bind_third_party ? { bind_third_party } : {}) };
  return callApi<TempTokenResults>(ENDPOINTS.register, { params });
}

/** `third_party_crm_data` arrives encrypted in the link and goes on as it came. */
export function registerWithThirdPartyCrmData({
  register,
  third_party_crm_data,
  bind_third_party,
}: RegisterWithThirdPartyCrmDataParams) {
  return callApi<TempTokenResults>(ENDPOINTS.registerWithThirdPartyCrmData, {
    params: {
      register: encryptedPayload(register),
      third_party_crm_data,
      ...(bind_third_party ? { bind_third_party } : {}),
    },
  });
}

/** Calls that need the registration's temp token make no call without it and answer null. */
function withTempToken<R>(call: (token: string) => Promise<ApiResponse<R>>): Promise<ApiResponse<R> | null> {
  const token = storage.tempAccessToken.get();
  return token ? call(token) : Promise.resolve(null);
}

export const registerVerify = (verifyCode: string) =>
  withTempToken((token) =>
    callApi<MemberTokenResults>(ENDPOINTS.registerVerify, { token, params: { verify_code: verifyCode } }),
  );

export const registerSkipVerify = () =>
  withTempToken((token) => callApi<MemberTokenResults>(ENDPOINTS.registerSkipVerify, { token }));

export const resendRegisterVerify = () => withTempToken((token) => callApi(ENDPOINTS.resendRegisterVerify, { token }));

export const updateRegisterMobile = (mobile: string) =>
  withTempToken((token) => callApi(ENDPOINTS.updateRegisterMobile, { token, params: { mobile: encrypt(mobile) } }));

export const registerTermsQueryOptions = queryOptions({
  queryKey: ['terms', REGISTER_TERM_TYPE],
  queryFn: fetchRegisterTerms,
  staleTime: 300_000,
});

export const useRegisterTermsQuery = () => useQuery(registerTermsQueryOptions);
export const useRegisterCheckMutation = () => useMutation({ mutationFn: registerCheck });
export const useRegisterMutation = () => useMutation({ mutationFn: register });
export const useRegisterWithThirdPartyCrmDataMutation = () =>
  useMutation({ mutationFn: registerWithThirdPartyCrmData });
export const useRegisterVerifyMutation = () => useMutation({ mutationFn: registerVerify });
export const useRegisterSkipVerifyMutation = () => useMutation({ mutationFn: registerSkipVerify });
export const useResendRegisterVerifyMutation = () => useMutation({ mutationFn: resendRegisterVerify });
export const useUpdateRegisterMobileMutation = () => useMutation({ mutationFn: updateRegisterMobile });
