import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { LineBindData, MemberTokenResults, TempTokenResults } from '#protocol';
import type { AppContext } from '../../context';
import { clientAddress } from '../../lib/client-address';
import { pathOf } from '../../lib/paths';
import { answer } from '../../lib/responses';
import { signed } from '../../plugins/envelope';
import type { SmsSendError } from '../../sms';
import { lineUserOf, logLineUnavailable } from '../line/service';
import { outgoingFor } from '../verification/service';
import { type RegisterInput, registerParams } from './params';
import {
  changeRegistrationMobile,
  checkRegistration,
  type Outcome,
  type Registration,
  register,
  resendRegistrationCode,
  skipVerification,
  verifyRegistration,
} from './service';

const registration = (input: RegisterInput): Registration => ({
  mobile: input.mobile,
  password: input.password,
  name: input.name,
  gender: input.gender,
  birthday: input.birthday,
  email: input.email ?? null,
  referrerCode: input.referrer_code ?? null,
});

// The member was made (or moved) and can resend on step 3; the operator needs to know the provider failed.
function logSmsFailure(log: FastifyBaseLogger, error: SmsSendError | undefined) {
  if (error) log.error({ err: error }, '註冊驗證碼簡訊發送失敗，會員可於第 3 步重新發送');
}

const tempTokenAnswer = (outcome: Outcome<{ tempAccessToken: string }>) =>
  outcome.rc === 'C01'
    ? answer('C01', { temp_access_token: outcome.tempAccessToken } satisfies TempTokenResults)
    : answer(outcome.rc);

const memberTokenAnswer = (outcome: Outcome<{ memberAccessToken: string }>) =>
  outcome.rc === 'C01'
    ? answer('C01', { member_access_token: outcome.memberAccessToken } satisfies MemberTokenResults)
    : answer(outcome.rc);

export const registerRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db, sms, smsBudget, now }) => {
  const params = registerParams(config.aesKey);
  const outgoing = (request: FastifyRequest) => outgoingFor(sms, smsBudget, request);

  app.post(
    pathOf('registerCheck'),
    signed(params.check, async ({ params: p }) =>
      answer(await checkRegistration(db, { mobile: p.mobile, referrerCode: p.referrer_code ?? null }, now())),
    ),
  );

  /** The registration with its LINE user; LINE vouches for the token before the registration's transaction opens. */
  async function withLineUser(input: Registration, bind: LineBindData | null | undefined, request: FastifyRequest) {
    const line = await lineUserOf(config, bind);
    if (!line.ok) {
      logLineUnavailable(request.log, line);
      return null;
    }
    return { ...input, line: line.userId ? { userId: line.userId, clientAddress: clientAddress(request) } : null };
  }

  // With bind_third_party the new member is bound to that LINE user, or not registered at all.
  app.post(
    pathOf('register'),
    signed(params.register, async ({ params: p }, request) => {
      const input = await withLineUser(registration(p.register), p.bind_third_party, request);
      if (!input) return answer('LINE_TOKEN_INVALID');
      const outcome = await register(db, outgoing(request), input, now());
      if (outcome.rc === 'C01') logSmsFailure(request.log, outcome.smsError);
      return tempTokenAnswer(outcome);
    }),
  );

  app.post(
    pathOf('registerWithThirdPartyCrmData'),
    signed(params.registerWithCrmData, async ({ params: p }, request) => {
      const crm = { ...registration(p.register), thirdPartyCrmData: p.third_party_crm_data };
      const input = await withLineUser(crm, p.bind_third_party, request);
      if (!input) return answer('LINE_TOKEN_INVALID');
      const outcome = await register(db, outgoing(request), input, now());
      if (outcome.rc === 'C01') logSmsFailure(request.log, outcome.smsError);
      return tempTokenAnswer(outcome);
    }),
  );

  app.post(
    pathOf('registerVerify'),
    signed(params.verify, async ({ token, params: p }) =>
      memberTokenAnswer(await verifyRegistration(db, token, p.verify_code, now())),
    ),
  );

  app.post(
    pathOf('registerSkipVerify'),
    signed(params.none, async ({ token }) => memberTokenAnswer(await skipVerification(db, token, now()))),
  );

  // A provider failure here changed nothing, so it surfaces as SYSTEM_ERROR (logged by the error handler).
  app.post(
    pathOf('resendRegisterVerify'),
    signed(params.none, async ({ token }, request) =>
      answer((await resendRegistrationCode(db, outgoing(request), token, now())).rc),
    ),
  );

  app.post(
    pathOf('updateRegisterMobile'),
    signed(params.mobile, async ({ token, params: p }, request) => {
      const outcome = await changeRegistrationMobile(db, outgoing(request), token, p.mobile, now());
      if (outcome.rc === 'C01') logSmsFailure(request.log, outcome.smsError);
      return answer(outcome.rc);
    }),
  );
};
