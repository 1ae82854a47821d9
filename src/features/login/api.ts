import { useMutation } from '@tanstack/react-query';
import {
  COMPARE_EC_PROVIDER,
  type CompareEcMemberParams,
  type CompareEcMemberResults,
  ENDPOINTS,
  LINE_SOURCE,
  LINE_TOKEN_SOURCE,
  type LineBindData,
  type LoginResults,
} from '#protocol/endpoints';
import { callApi } from '../../api/client';

export { useLoginMutation } from '../../api/member-login';

/** Is this mobile an e-commerce member or already in the new system? Asked in English, without a token. */
export function compareEcMember(phone: string) {
  const params: CompareEcMemberParams = { provider: COMPARE_EC_PROVIDER, phone };
  return callApi<CompareEcMemberResults>(ENDPOINTS.compareEcMember, { token: null, params, language: 'en' });
}

/** LINE login: the LINE access token, which the server has LINE vouch for, for the bound member's token. */
export function loginWithProvider(lineToken: string) {
  const params: LineBindData = {
    source: LINE_SOURCE,
    verify_data: { line_token: lineToken, line_token_source: LINE_TOKEN_SOURCE },
  };
  return callApi<LoginResults>(ENDPOINTS.loginWithProvider, { params });
}

export function useCompareEcMemberMutation() {
  return useMutation({ mutationFn: compareEcMember });
}

export function useLoginWithProviderMutation() {
  return useMutation({ mutationFn: loginWithProvider });
}
