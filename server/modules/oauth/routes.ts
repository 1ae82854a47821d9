import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { PKCE_METHOD, plainText } from '#protocol';
import { LIMITS } from '../../config';
import type { AppContext } from '../../context';
import { pathOf } from '../../lib/paths';
import { publicOrigin } from '../../lib/public-origin';
import { answer } from '../../lib/responses';
import { signed } from '../../plugins/envelope';
import { plainJson } from '../../plugins/plain-json';
import { authorizeRequest, exchangeCode, requestInfo, startRequest } from './service';

const text = (max: number) => v.pipe(v.string(), v.nonEmpty(), v.maxLength(max), plainText());
// Our keys, codes and ids are 22-43 characters; anything up to this is looked up and simply not found.
const opaque = text(256);
// RFC 6749 A.5: state is printable ASCII.
const state = v.pipe(text(LIMITS.oauthStateMaxLength), v.regex(/^[\x20-\x7e]+$/));
// RFC 7636 4.1-4.2: the verifier's alphabet and length; an S256 challenge is 32 bytes in Base64url.
const codeVerifier = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._~-]{43,128}$/));
const codeChallenge = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));

const infoParams = v.object({ random_key: opaque });
const authorizeParams = v.object({ random_key: opaque, client_id: opaque, state });

const requestBody = v.pipe(
  v.object({
    client_id: opaque,
    client_secret: opaque,
    redirect_uri: text(LIMITS.oauthRedirectUriMaxLength),
    state,
    code_challenge: v.optional(codeChallenge),
    // An absent method means `plain` (RFC 7636 4.3), which is refused: S256 must be named.
    code_challenge_method: v.optional(v.literal(PKCE_METHOD)),
  }),
  v.forward(
    v.check((body) => (body.code_challenge === undefined) === (body.code_challenge_method === undefined)),
    ['code_challenge_method'],
  ),
);

const tokenBody = v.object({
  code: opaque,
  client_id: opaque,
  client_secret: opaque,
  code_verifier: v.optional(codeVerifier),
});

export const oauthRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db, now }) => {
  const origin = publicOrigin(config);

  app.post(
    pathOf('oauthRequest'),
    plainJson(requestBody, async (body) => {
      const outcome = await startRequest(
        db,
        {
          clientId: body.client_id,
          clientSecret: body.client_secret,
          redirectUri: body.redirect_uri,
          state: body.state,
          codeChallenge: body.code_challenge ?? null,
        },
        now(),
      );
      if (outcome.rc !== 'C01') return answer(outcome.rc);
      const authorizeUrl = new URL('/authorize', origin);
      authorizeUrl.searchParams.set('random_key', outcome.randomKey);
      authorizeUrl.searchParams.set('client_id', body.client_id);
      authorizeUrl.searchParams.set('state', body.state);
      return answer('C01', { random_key: outcome.randomKey, authorize_url: authorizeUrl.toString() });
    }),
  );

  app.post(
    pathOf('oauthInfo'),
    signed(infoParams, async ({ params }) => {
      const client = await requestInfo(db, params.random_key, now());
      return client ? answer('C01', { client }) : answer('OAUTH_REQUEST_INVALID');
    }),
  );

  app.post(
    pathOf('oauthAuthorize'),
    signed(authorizeParams, async ({ token, params }) => {
      const outcome = await authorizeRequest(
        db,
        { memberToken: token, randomKey: params.random_key, clientId: params.client_id, state: params.state },
        now(),
      );
      return outcome.rc === 'C01' ? answer('C01', { location: outcome.location }) : answer(outcome.rc);
    }),
  );

  app.post(
    pathOf('oauthToken'),
    plainJson(tokenBody, async (body, request) => {
      const outcome = await exchangeCode(
        db,
        {
          code: body.code,
          clientId: body.client_id,
          clientSecret: body.client_secret,
          codeVerifier: body.code_verifier ?? null,
        },
        now(),
      );
      if (outcome.rc === 'C01') return answer('C01', { member_profile: outcome.profile });
      if (outcome.replayed)
        request.log.warn({ clientId: body.client_id }, 'OAuth code used again; its grant is revoked');
      return answer(outcome.rc);
    }),
  );
};
