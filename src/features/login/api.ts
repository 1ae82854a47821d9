import { useMutation } from '@tanstack/react-query';
import {
  COMPARE_EC_PROVIDER,
  type CompareEcMemberParams,
  type CompareEcMemberResults,
  ENDPOINTS,
  type LoginParams,
  type LoginResults,
} from '../../../protocol/endpoints';
import { callApi, encrypt } from '../../api/client';

export function login({ account, password }: LoginParams) {
  return callApi<LoginResults>(ENDPOINTS.login, {
    params: { account: encrypt(account), password: encrypt(password) },
  });
}

/** Is this mobile an e-commerce member or already in the new system? Asked in English, without a token. */
export function compareEcMember(phone: string) {
  const params: CompareEcMemberParams = { provider: COMPARE_EC_PROVIDER, phone };
  return callApi<CompareEcMemberResults>(ENDPOINTS.compareEcMember, { token: null, params, language: 'en' });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

export function useCompareEcMemberMutation() {
  return useMutation({ mutationFn: compareEcMember });
}
