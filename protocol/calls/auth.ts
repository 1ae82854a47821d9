import * as v from 'valibot';
import { getCall, noParameters, noResults, signedCall } from '../contract';
import { accountSchema, loginPasswordSchema, mobileSchema } from '../schemas';
import { COMPARE_EC_PROVIDER } from '../values';

/** The results of every call that signs a member in. */
export const memberTokenResults = v.object({ member_access_token: v.string() });
/** The results of the calls that start a registration or a password recovery. */
export const tempTokenResults = v.object({ temp_access_token: v.string() });
/** Where the member goes next: a redirect location or an OAuth client's redirect URI. */
export const locationResults = v.object({ location: v.string() });

/** Signing in and out, and asking about a mobile before a member exists. */
export const AUTH_CALLS = {
  login: signedCall({
    base: 'appApi',
    path: '/member/login',
    token: 'none',
    request: (seal) => v.object({ account: seal(accountSchema), password: seal(loginPasswordSchema) }),
    results: memberTokenResults,
  }),
  // The token is optional and does not change the answer: the app calls this right after a failed
  // login, when a leftover token from an old session may still be sent.
  compareEcMember: signedCall({
    base: 'oauthApi',
    path: '/member/compare_ec_member',
    token: 'member-if-any',
    request: () => v.object({ provider: v.literal(COMPARE_EC_PROVIDER), phone: mobileSchema }),
    results: v.object({ is_mmrm_member: v.boolean(), status: v.nullish(v.string()) }),
  }),
  checkMobile: signedCall({
    base: 'appApi',
    path: '/member/check_mobile',
    token: 'none',
    request: (seal) => v.object({ mobile: seal(mobileSchema) }),
    results: noResults,
  }),
  // Signs this token out only: the member's other devices stay signed in.
  logout: signedCall({
    base: 'appApi',
    path: '/member/logout',
    token: 'member',
    request: () => noParameters,
    results: noResults,
  }),
  redirectLocation: getCall({
    base: 'memberApi',
    path: '/api/member/redirect_location',
    token: 'member',
    results: locationResults,
  }),
} as const;
