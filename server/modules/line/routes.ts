import type { FastifyPluginAsync } from 'fastify';
import { type LoginResults, lineBindDataSchema } from '#protocol';
import type { AppContext } from '../../context';
import { clientAddress } from '../../lib/client-address';
import { pathOf } from '../../lib/paths';
import { answer } from '../../lib/responses';
import { signed } from '../../plugins/envelope';
import { bindLineToMember, loginWithLine, logLineUnavailable } from './service';

export const lineRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db, now }) => {
  app.post(
    pathOf('loginWithProvider'),
    signed(lineBindDataSchema, async ({ params }, request) => {
      const outcome = await loginWithLine(db, config, params.verify_data.line_token, now());
      if (outcome.rc === 'C01') {
        return answer('C01', { member_access_token: outcome.memberAccessToken } satisfies LoginResults);
      }
      logLineUnavailable(request.log, outcome);
      return answer(outcome.rc);
    }),
  );

  app.post(
    pathOf('bindThirdParty'),
    signed(lineBindDataSchema, async ({ token, params }, request) => {
      const input = {
        memberToken: token,
        lineToken: params.verify_data.line_token,
        clientAddress: clientAddress(request),
      };
      const outcome = await bindLineToMember(db, config, input, now());
      logLineUnavailable(request.log, outcome);
      return answer(outcome.rc);
    }),
  );
};
