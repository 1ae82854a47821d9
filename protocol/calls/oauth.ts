import * as v from 'valibot';
import { plainJsonCall, signedCall } from '../contract';
import { memberProfileSchema } from '../member-profile';
import { plainText } from '../schemas';
import { OAUTH_REDIRECT_URI_MAX_LENGTH, OAUTH_STATE_MAX_LENGTH, PKCE_METHOD } from '../values';
import { locationResults } from './auth';

const text = (max: number) => v.pipe(v.string(), v.nonEmpty(), v.maxLength(max), plainText());
// Our keys, codes and ids are 22-43 characters; anything up to this is looked up and simply not found.
const opaque = text(256);
// RFC 6749 A.5: state is printable ASCII.
const state = v.pipe(text(OAUTH_STATE_MAX_LENGTH), v.regex(/^[\x20-\x7e]+$/));
// RFC 7636 4.1-4.2: the verifier's alphabet and length; an S256 challenge is 32 bytes in Base64url.
const codeVerifier = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._~-]{43,128}$/));
const codeChallenge = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));

/**
 * What a client learns about the member who authorised it: the member's own profile without the
 * invite code, plus an id stable for the member's lifetime, whatever mobile or name they change to.
 */
const oauthMemberProfileSchema = v.object({
  id: v.string(),
  ...v.omit(memberProfileSchema, ['referral_code']).entries,
});
export type OAuthMemberProfile = v.InferOutput<typeof oauthMemberProfileSchema>;

/** The consent hop: a client's back end starts it, the member's browser passes it, the back end ends it. */
export const OAUTH_CALLS = {
  oauthInfo: signedCall({
    base: 'oauthHost',
    path: '/oauth/info',
    token: 'none',
    request: () => v.object({ random_key: opaque }),
    results: v.object({ client: v.object({ name: v.string(), id: v.string() }) }),
  }),
  oauthAuthorize: signedCall({
    base: 'oauthHost',
    path: '/oauth/authorize',
    token: 'member',
    request: () => v.object({ random_key: opaque, client_id: opaque, state }),
    results: locationResults,
  }),
  oauthRequest: plainJsonCall({
    base: 'oauthHost',
    path: '/oauth/request',
    token: 'none',
    request: () =>
      v.pipe(
        v.object({
          client_id: opaque,
          client_secret: opaque,
          redirect_uri: text(OAUTH_REDIRECT_URI_MAX_LENGTH),
          state,
          code_challenge: v.optional(codeChallenge),
          // An absent method means `plain` (RFC 7636 4.3), which is refused: S256 must be named.
          code_challenge_method: v.optional(v.literal(PKCE_METHOD)),
        }),
        v.forward(
          v.check((body) => (body.code_challenge === undefined) === (body.code_challenge_method === undefined)),
          ['code_challenge_method'],
        ),
      ),
    results: v.object({ random_key: v.string(), authorize_url: v.string() }),
  }),
  oauthToken: plainJsonCall({
    base: 'oauthHost',
    path: '/oauth/token',
    token: 'none',
    request: () =>
      v.object({ code: opaque, client_id: opaque, client_secret: opaque, code_verifier: v.optional(codeVerifier) }),
    results: v.object({ member_profile: oauthMemberProfileSchema }),
  }),
} as const;
