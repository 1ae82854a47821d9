import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TempTokenResults } from '#protocol';
import type { AppContext } from '../../context';
import { clientAddress } from '../../lib/client-address';
import { pathOf } from '../../lib/paths';
import { answer } from '../../lib/responses';
import { signed } from '../../plugins/envelope';
import { outgoingFor } from '../verification/service';
import { passwordParams } from './params';
import {
  changePassword,
  forgetPassword,
  resendForgotPasswordCode,
  resetPassword,
  verifyForgotPasswordCode,
} from './service';

// An SMS provider failure changes nothing the member could use, so it surfaces as SYSTEM_ERROR (logged).
export const passwordRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db, sms, smsBudget, now }) => {
  const params = passwordParams(config.aesKey);
  const outgoing = (request: FastifyRequest) => outgoingFor(sms, smsBudget, request);

  app.post(
    pathOf('forgetPassword'),
    signed(params.forget, async ({ params: p }, request) => {
      const outcome = await forgetPassword(db, outgoing(request), p.mobile, now());
      if (outcome.rc !== 'C01') return answer(outcome.rc);
      return answer('C01', { temp_access_token: outcome.tempAccessToken } satisfies TempTokenResults);
    }),
  );

  app.post(
    pathOf('forgetPasswordVerify'),
    signed(params.verify, async ({ token, params: p }) =>
      answer((await verifyForgotPasswordCode(db, token, p.verify_code, now())).rc),
    ),
  );

  app.post(
    pathOf('resendForgetVerify'),
    signed(params.none, async ({ token }, request) =>
      answer((await resendForgotPasswordCode(db, outgoing(request), token, now())).rc),
    ),
  );

  app.post(
    pathOf('resetPassword'),
    signed(params.reset, async ({ token, params: p }, request) =>
      answer((await resetPassword(db, token, p.new_password, now(), clientAddress(request))).rc),
    ),
  );

  app.post(
    pathOf('updateMemberPassword'),
    signed(params.change, async ({ token, params: p }, request) => {
      const change = { oldPassword: p.old_password, newPassword: p.new_password };
      return answer((await changePassword(db, token, change, now(), clientAddress(request))).rc);
    }),
  );
};
