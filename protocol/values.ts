import type { ApiBase } from './contract';

// The protocol's fixed values, apart from the call entries, so a screen that needs one does not
// load every call entry with it.

/** The e-commerce provider compare_ec_member asks about (fixed by the spec). */
export const COMPARE_EC_PROVIDER = 'cyberbit';
/** The verification_type of the signed-in member's own mobile check. */
export const MEMBER_VERIFICATION = 'member_verification';
/** The spec's fixed security question; its answer is the member's name. */
export const SECURITY_QUESTION = 'sq06';

export const REGISTER_TERM_TYPE = 'register';
export const TASK_TYPES = ['referrer', 'referee_first_purchase'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const FRIEND_RECOMMEND_COPY_KEY = 'friend_recommend';

/** How long a random_key (one OAuth hop) stays usable, and with it the app's return to /authorize. */
export const OAUTH_REQUEST_MINUTES = 10;
/** The only PKCE method accepted (RFC 7636): `plain` would put the verifier on the wire twice. */
export const PKCE_METHOD = 'S256';
export const OAUTH_STATE_MAX_LENGTH = 512;
export const OAUTH_REDIRECT_URI_MAX_LENGTH = 1024;

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
/** A temp token's life (a registration's, a recovery's), from the call that issued it. */
export const TEMP_TOKEN_MINUTES = 30;

/** Codes to one mobile for one purpose go at least this far apart; the app counts it down before a resend. */
export const SMS_RESEND_SECONDS = 60;
