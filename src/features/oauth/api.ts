import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  ENDPOINTS,
  type OAuthAuthorizeParams,
  type OAuthAuthorizeResults,
  type OAuthInfoParams,
  type OAuthInfoResults,
} from '#protocol/endpoints';
import { callApi } from '../../api/client';

export function fetchOAuthInfo(randomKey: string) {
  const params: OAuthInfoParams = { random_key: randomKey };
  return callApi<OAuthInfoResults>(ENDPOINTS.oauthInfo, { params });
}

/** The client behind a random_key; asked once per key, since the answer cannot change until it is spent. */
export const oauthInfoQueryOptions = (randomKey: string) =>
  queryOptions({
    queryKey: ['oauth-info', randomKey],
    queryFn: () => fetchOAuthInfo(randomKey),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useOAuthInfoQuery(randomKey: string | null) {
  return useQuery({ ...oauthInfoQueryOptions(randomKey ?? ''), enabled: randomKey !== null });
}

/** The member's consent: the member token as the auth token, and the hop's key, client and state. */
export function authorizeClient({ token, ...params }: OAuthAuthorizeParams & { token: string }) {
  return callApi<OAuthAuthorizeResults>(ENDPOINTS.oauthAuthorize, { token, params });
}

export function useOAuthAuthorizeMutation() {
  return useMutation({ mutationFn: authorizeClient });
}
