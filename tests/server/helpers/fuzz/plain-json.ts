import fc from 'fast-check';
import { ENDPOINTS, type EndpointName, PKCE_METHOD } from '#protocol';
import { REDIRECT_URI } from '../oauth';
import { nearly, opaque, type Params } from './fields';
import { Live } from './placeholders';
import { type Attempt, brokenBody } from './requests';
import { awkwardJson, freeText, headerSafeString, printable } from './values';

// Server-to-server calls take plain JSON with no envelope, so their fields meet the odd values
// straight away; the client's id and secret are often the seeded client's, to get past them.

export type PlainJsonEndpoint = 'oauthRequest' | 'oauthToken' | 'posVerifyMemberCard';

/** Each server-to-server call's body, well formed but odd. */
const WELL_FORMED_BODY: Record<PlainJsonEndpoint, Params> = {
  oauthRequest: fc.record(
    {
      client_id: opaque('clientId'),
      client_secret: opaque('clientSecret'),
      redirect_uri: fc.oneof(fc.constant(REDIRECT_URI), freeText(1024), fc.constant(`${REDIRECT_URI}\u0000`)),
      state: printable,
      code_challenge: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: fc.constant(PKCE_METHOD),
    },
    { requiredKeys: ['client_id', 'client_secret', 'redirect_uri', 'state'] },
  ),
  oauthToken: fc.record(
    {
      code: opaque(),
      client_id: opaque('clientId'),
      client_secret: opaque('clientSecret'),
      code_verifier: fc.stringMatching(/^[A-Za-z0-9._~-]{43,60}$/),
    },
    { requiredKeys: ['code', 'client_id', 'client_secret'] },
  ),
  posVerifyMemberCard: fc.record({
    code: fc.oneof(fc.constant(new Live('cardCode')), fc.stringMatching(/^\d{16}$/), freeText(64)),
  }),
};

/** Keys a till might present: none of them the live one. */
const wrongAuthorization = fc.oneof(
  headerSafeString,
  headerSafeString.map((key) => `Bearer ${key}`),
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((key) => `Bearer ${key}`),
);

export const PLAIN_JSON_ENDPOINTS = (Object.keys(ENDPOINTS) as EndpointName[]).filter(
  (name): name is PlainJsonEndpoint => ENDPOINTS[name].carriage === 'plain-json',
);

/** Every kind of body a server-to-server call may receive. */
export function plainJsonAttempts(endpoint: PlainJsonEndpoint): fc.Arbitrary<Attempt> {
  const wellFormed = nearly(WELL_FORMED_BODY[endpoint]);
  return fc.oneof(
    { weight: 1, arbitrary: brokenBody },
    { weight: 1, arbitrary: awkwardJson.map((json) => ({ json })) },
    { weight: 6, arbitrary: wellFormed.map((json) => ({ json })) },
    {
      weight: endpoint === 'posVerifyMemberCard' ? 2 : 0,
      arbitrary: fc.tuple(wellFormed, wrongAuthorization).map(([json, authorization]) => ({ json, authorization })),
    },
  );
}
