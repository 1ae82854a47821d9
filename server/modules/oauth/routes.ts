import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { publicOrigin } from '../../lib/public-origin';
import { answer } from '../../lib/responses';
import { callsOn } from '../../plugins/calls';
import { authorizeRequest, exchangeCode, requestInfo, startRequest } from './service';

export const oauthRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db, now }) => {
  const call = callsOn(app, config.aesKey);
  const origin = publicOrigin(config);

  call('oauthRequest', async ({ params }) => {
    const outcome = await startRequest(
      db,
      {
        clientId: params.client_id,
        clientSecret: params.client_secret,
        redirectUri: params.redirect_uri,
        state: params.state,
        codeChallenge: params.code_challenge ?? null,
      },
      now(),
    );
    if (outcome.rc !== 'C01') return answer(outcome.rc);
    const authorizeUrl = new URL('/authorize', origin);
    authorizeUrl.searchParams.set('random_key', outcome.randomKey);
    authorizeUrl.searchParams.set('client_id', params.client_id);
    authorizeUrl.searchParams.set('state', params.state);
    return answer('C01', { random_key: outcome.randomKey, authorize_url: authorizeUrl.toString() });
  });

  call('oauthInfo', async ({ params }) => {
    const outcome = await requestInfo(db, params.random_key, now());
    return outcome.rc === 'C01' ? answer('C01', { client: outcome.client }) : answer(outcome.rc);
  });

  call('oauthAuthorize', async ({ token, params }) => {
    const outcome = await authorizeRequest(
      db,
      { memberToken: token, randomKey: params.random_key, clientId: params.client_id, state: params.state },
      now(),
    );
    return outcome.rc === 'C01' ? answer('C01', { location: outcome.location }) : answer(outcome.rc);
  });

  call('oauthToken', async ({ params, request }) => {
    const outcome = await exchangeCode(
      db,
      {
        code: params.code,
        clientId: params.client_id,
        clientSecret: params.client_secret,
        codeVerifier: params.code_verifier ?? null,
      },
      now(),
    );
    if (outcome.rc === 'C01') return answer('C01', { member_profile: outcome.profile });
    if (outcome.replayed)
      request.log.warn({ clientId: params.client_id }, 'OAuth code used again; its grant is revoked');
    return answer(outcome.rc);
  });
};
