import { noResults, signedCall } from '../contract';
import { lineBindDataSchema } from '../schemas';
import { memberTokenResults } from './auth';

/** Signing in with LINE, and binding LINE to the signed-in member. */
export const LINE_CALLS = {
  loginWithProvider: signedCall({
    base: 'appApi',
    path: '/member/login_with_provider',
    token: 'none',
    request: () => lineBindDataSchema,
    results: memberTokenResults,
  }),
  bindThirdParty: signedCall({
    base: 'memberApi',
    path: '/api/member/bind_third_party',
    token: 'member',
    request: () => lineBindDataSchema,
    results: noResults,
  }),
} as const;
