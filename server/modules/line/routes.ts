import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { clientAddress } from '../../lib/client-address';
import { answer } from '../../lib/responses';
import { callsOn } from '../../plugins/calls';
import { bindLineToMember, loginWithLine, logLineUnavailable } from './service';

export const lineRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db, now }) => {
  const call = callsOn(app, config.aesKey);

  call('loginWithProvider', async ({ params, request }) => {
    const outcome = await loginWithLine(db, config, params.verify_data.line_token, now());
    if (outcome.rc === 'C01') return answer('C01', { member_access_token: outcome.memberAccessToken });
    logLineUnavailable(request.log, outcome);
    return answer(outcome.rc);
  });

  call('bindThirdParty', async ({ token, params, request }) => {
    const input = {
      memberToken: token,
      lineToken: params.verify_data.line_token,
      clientAddress: clientAddress(request),
    };
    const outcome = await bindLineToMember(db, config, input, now());
    logLineUnavailable(request.log, outcome);
    return answer(outcome.rc);
  });
};
