import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { clientAddress } from '../../lib/client-address';
import { answer } from '../../lib/responses';
import { callsOn } from '../../plugins/calls';
import { outgoingFor } from '../verification/service';
import {
  confirmMobileChange,
  getProfile,
  requestMobileChange,
  resendMobileChangeCode,
  sendMemberVerificationCode,
  updateProfile,
  verifyMemberMobile,
} from './service';

// A provider failure while sending a code changed nothing the member relies on, so it surfaces as
// SYSTEM_ERROR (logged by the error handler) and the member may try again.
export const profileRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db, sms, smsBudget, now }) => {
  const call = callsOn(app, config.aesKey);
  const outgoing = (request: FastifyRequest) => outgoingFor(sms, smsBudget, request);

  call('getMemberProfile', async ({ token }) => {
    const outcome = await getProfile(db, token, now());
    if (outcome.rc !== 'C01') return answer(outcome.rc);
    return answer('C01', { member_profile: outcome.profile });
  });

  call('updateMemberProfile', async ({ token, params }) => {
    const details = { ...params.member_profile, email: params.member_profile.email ?? null };
    return answer(await updateProfile(db, token, details, now()));
  });

  call('sendVerificationCode', async ({ token, request }) =>
    answer(await sendMemberVerificationCode(db, outgoing(request), token, now())),
  );

  call('verifyVerificationCode', async ({ token, params }) =>
    answer(await verifyMemberMobile(db, token, params.verification_code, now())),
  );

  call('updateMemberMobile', async ({ token, params, request }) => {
    const input = { mobile: params.mobile, password: params.password };
    return answer(await requestMobileChange(db, outgoing(request), token, input, now()));
  });

  call('memberVerify', async ({ token, params, request }) => {
    const input = { token, code: params.verify_code, clientAddress: clientAddress(request) };
    const outcome = await confirmMobileChange(db, outgoing(request), input, now());
    // The account has moved; the operator needs to know its former mobile was not told.
    if (outcome.rc === 'C01' && outcome.noticeError)
      request.log.error({ err: outcome.noticeError }, '手機號碼變更通知簡訊發送失敗');
    return answer(outcome.rc);
  });

  call('resendMemberVerify', async ({ token, request }) =>
    answer(await resendMobileChangeCode(db, outgoing(request), token, now())),
  );
};
