import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { COMPARE_EC_PROVIDER, mobileSchema } from '#protocol';
import type { AppContext } from '../../context';
import { pathOf } from '../../lib/paths';
import { answer } from '../../lib/responses';
import { signed } from '../../plugins/envelope';
import { compareEcMember } from './service';

const compareParams = v.object({ provider: v.literal(COMPARE_EC_PROVIDER), phone: mobileSchema });

export const ecMemberRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  // The token is optional and does not change the answer: the web app calls this right
  // after a failed login, when a leftover token from an old session may still be sent.
  app.post(
    pathOf('compareEcMember'),
    signed(compareParams, async ({ params }) => {
      const { isMmrmMember, status } = await compareEcMember(db, params.phone);
      return answer('C01', { is_mmrm_member: isMmrmMember, status });
    }),
  );
};
