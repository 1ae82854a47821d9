import type * as v from 'valibot';
import { AUTH_CALLS } from './calls/auth';
import { CATALOG_CALLS } from './calls/catalog';
import { LINE_CALLS } from './calls/line';
import { OAUTH_CALLS } from './calls/oauth';
import { PASSWORD_CALLS } from './calls/password';
import { PROFILE_CALLS } from './calls/profile';
import { REGISTER_CALLS } from './calls/register';
import type { ApiBase, CallContract } from './contract';

export { COMPARE_EC_PROVIDER } from './calls/auth';
export * from './calls/catalog';
export {
  OAUTH_REDIRECT_URI_MAX_LENGTH,
  OAUTH_REQUEST_MINUTES,
  OAUTH_STATE_MAX_LENGTH,
  type OAuthMemberProfile,
  PKCE_METHOD,
} from './calls/oauth';
export { MEMBER_VERIFICATION, type MemberProfile, memberProfileSchema } from './calls/profile';
export { SECURITY_QUESTION, type ThirdPartyCrmData } from './calls/register';
export * from './contract';

/**
 * Every call of the member API by the name the code uses for it: the one contract both halves
 * read. The web app calls by name (`callApi`), the server registers each route from its entry.
 */
export const ENDPOINTS = {
  ...AUTH_CALLS,
  ...LINE_CALLS,
  ...REGISTER_CALLS,
  ...PASSWORD_CALLS,
  ...PROFILE_CALLS,
  ...CATALOG_CALLS,
  ...OAUTH_CALLS,
} as const satisfies Record<string, CallContract>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;
/** The request_parameter schema of a call, with its encrypted fields as strings on the wire. */
export type RequestSchema<N extends EndpointName> = ReturnType<Endpoints[N]['request']>;
/** What the web app sends as a call's request_parameter (encrypted fields already encrypted). */
export type Params<N extends EndpointName> = v.InferInput<RequestSchema<N>>;
/** What a server handler gets once the parameters passed their schema (encrypted fields opened). */
export type CheckedParams<N extends EndpointName> = v.InferOutput<RequestSchema<N>>;
/** A call's results on C01. */
export type Results<N extends EndpointName> = v.InferOutput<Endpoints[N]['results']>;

/** Default path of each base when the app and the member server share an origin. */
export const DEFAULT_API_BASES: Record<ApiBase, string> = {
  appApi: '/app-api',
  memberApi: '',
  oauthApi: '/oauth-api',
  oauthHost: '',
};

/** Header carrying the encrypted member token on redirect-location calls. */
export const MMRM_TOKEN_HEADER = 'X-MMRM-TOKEN';
/** Cookie holding the per-browser secret that encrypts `x_token`. */
export const AES_KEY_COOKIE = 'aes_key';

/** Session lifetime: the app stores an expiry one year from login; the token lives as long. */
export const MEMBER_TOKEN_DAYS = 365;
