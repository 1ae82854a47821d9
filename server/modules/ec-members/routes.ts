import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { answer } from '../../lib/responses';
import { callsOn } from '../../plugins/calls';
import { compareEcMember } from './service';

export const ecMemberRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db }) => {
  const call = callsOn(app, config.aesKey);

  // The token is optional and does not change the answer: the web app calls this right
  // after a failed login, when a leftover token from an old session may still be sent.
  call('compareEcMember', async ({ params }) => {
    const { isMmrmMember, status } = await compareEcMember(db, params.phone);
    return answer('C01', { is_mmrm_member: isMmrmMember, status });
  });
};
