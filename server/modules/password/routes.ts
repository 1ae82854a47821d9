import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { clientAddress } from '../../lib/client-address';
import { answer } from '../../lib/responses';
import { callsOn } from '../../plugins/calls';
import { outgoingFor } from '../verification/service';
import {
  changePassword,
  forgetPassword,
  resendForgotPasswordCode,
  resetPassword,
  verifyForgotPasswordCode,
} from './service';

// An SMS provider failure changes nothing the member could use, so it surfaces as SYSTEM_ERROR (logged).
export const passwordRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db, sms, smsBudget, now }) => {
  const call = callsOn(app, config.aesKey);
  const outgoing = (request: FastifyRequest) => outgoingFor(sms, smsBudget, request);

  call('forgetPassword', async ({ params, request }) => {
    const outcome = await forgetPassword(db, outgoing(request), params.mobile, now());
    if (outcome.rc !== 'C01') return answer(outcome.rc);
    return answer('C01', { temp_access_token: outcome.tempAccessToken });
  });

  call('forgetPasswordVerify', async ({ token, params }) =>
    answer((await verifyForgotPasswordCode(db, token, params.verify_code, now())).rc),
  );

  call('resendForgetVerify', async ({ token, request }) =>
    answer((await resendForgotPasswordCode(db, outgoing(request), token, now())).rc),
  );

  call('resetPassword', async ({ token, params, request }) =>
    answer((await resetPassword(db, token, params.new_password, now(), clientAddress(request))).rc),
  );

  call('updateMemberPassword', async ({ token, params, request }) => {
    const change = { oldPassword: params.old_password, newPassword: params.new_password };
    return answer((await changePassword(db, token, change, now(), clientAddress(request))).rc);
  });
};
