import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { GetMemberProfileResults } from '#protocol';
import type { AppContext } from '../../context';
import { clientAddress } from '../../lib/client-address';
import { pathOf } from '../../lib/paths';
import { answer } from '../../lib/responses';
import { signed } from '../../plugins/envelope';
import { outgoingFor } from '../verification/service';
import { profileParams } from './params';
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
  const params = profileParams(config.aesKey);
  const outgoing = (request: FastifyRequest) => outgoingFor(sms, smsBudget, request);

  app.post(
    pathOf('getMemberProfile'),
    signed(params.none, async ({ token }) => {
      const outcome = await getProfile(db, token, now());
      if (outcome.rc !== 'C01') return answer(outcome.rc);
      return answer('C01', { member_profile: outcome.profile } satisfies GetMemberProfileResults);
    }),
  );

  app.post(
    pathOf('updateMemberProfile'),
    signed(params.update, async ({ token, params: p }) => {
      const details = { ...p.member_profile, email: p.member_profile.email ?? null };
      return answer(await updateProfile(db, token, details, now()));
    }),
  );

  app.post(
    pathOf('sendVerificationCode'),
    signed(params.sendCode, async ({ token }, request) =>
      answer(await sendMemberVerificationCode(db, outgoing(request), token, now())),
    ),
  );

  app.post(
    pathOf('verifyVerificationCode'),
    signed(params.checkCode, async ({ token, params: p }) =>
      answer(await verifyMemberMobile(db, token, p.verification_code, now())),
    ),
  );

  app.post(
    pathOf('updateMemberMobile'),
    signed(params.changeMobile, async ({ token, params: p }, request) => {
      const input = { mobile: p.mobile, password: p.password };
      return answer(await requestMobileChange(db, outgoing(request), token, input, now()));
    }),
  );

  app.post(
    pathOf('memberVerify'),
    signed(params.confirmMobile, async ({ token, params: p }, request) => {
      const input = { token, code: p.verify_code, clientAddress: clientAddress(request) };
      const outcome = await confirmMobileChange(db, outgoing(request), input, now());
      // The account has moved; the operator needs to know its former mobile was not told.
      if (outcome.rc === 'C01' && outcome.noticeError)
        request.log.error({ err: outcome.noticeError }, '手機號碼變更通知簡訊發送失敗');
      return answer(outcome.rc);
    }),
  );

  app.post(
    pathOf('resendMemberVerify'),
    signed(params.none, async ({ token }, request) =>
      answer(await resendMobileChangeCode(db, outgoing(request), token, now())),
    ),
  );
};
