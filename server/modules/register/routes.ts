import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CheckedParams } from '#protocol';
import type { AppContext } from '../../context';
import { clientAddress } from '../../lib/client-address';
import { answer } from '../../lib/responses';
import { type CallAnswer, callsOn } from '../../plugins/calls';
import type { SmsSendError } from '../../sms';
import { lineUserOf, logLineUnavailable } from '../line/service';
import { outgoingFor } from '../verification/service';
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

type RegisterParams = CheckedParams<'register'>;

const registration = (input: RegisterParams['register']): Registration => ({
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

const tempTokenAnswer = (outcome: Outcome<{ tempAccessToken: string }>): CallAnswer<'register'> =>
  outcome.rc === 'C01' ? answer('C01', { temp_access_token: outcome.tempAccessToken }) : answer(outcome.rc);

const memberTokenAnswer = (outcome: Outcome<{ memberAccessToken: string }>): CallAnswer<'registerVerify'> =>
  outcome.rc === 'C01' ? answer('C01', { member_access_token: outcome.memberAccessToken }) : answer(outcome.rc);

export const registerRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db, sms, smsBudget, now }) => {
  const call = callsOn(app, config.aesKey);
  const outgoing = (request: FastifyRequest) => outgoingFor(sms, smsBudget, request);

  call('registerCheck', async ({ params }) =>
    answer(await checkRegistration(db, { mobile: params.mobile, referrerCode: params.referrer_code ?? null }, now())),
  );

  /**
   * Registers, with its LINE user: LINE vouches for the token before the registration's transaction
   * opens, and with bind_third_party the new member is bound to that LINE user or not registered at all.
   */
  async function registerAnswer(
    input: Registration,
    bind: RegisterParams['bind_third_party'],
    request: FastifyRequest,
  ): Promise<CallAnswer<'register'>> {
    const line = await lineUserOf(config, bind);
    if (!line.ok) {
      logLineUnavailable(request.log, line);
      return answer('LINE_TOKEN_INVALID');
    }
    const withLine = {
      ...input,
      line: line.userId ? { userId: line.userId, clientAddress: clientAddress(request) } : null,
    };
    const outcome = await register(db, outgoing(request), withLine, now());
    if (outcome.rc === 'C01') logSmsFailure(request.log, outcome.smsError);
    return tempTokenAnswer(outcome);
  }

  call('register', ({ params, request }) =>
    registerAnswer(registration(params.register), params.bind_third_party, request),
  );

  call('registerWithThirdPartyCrmData', ({ params, request }) => {
    const crm = { ...registration(params.register), thirdPartyCrmData: params.third_party_crm_data };
    return registerAnswer(crm, params.bind_third_party, request);
  });

  call('registerVerify', async ({ token, params }) =>
    memberTokenAnswer(await verifyRegistration(db, token, params.verify_code, now())),
  );

  call('registerSkipVerify', async ({ token }) => memberTokenAnswer(await skipVerification(db, token, now())));

  // A provider failure here changed nothing, so it surfaces as SYSTEM_ERROR (logged by the error handler).
  call('resendRegisterVerify', async ({ token, request }) =>
    answer((await resendRegistrationCode(db, outgoing(request), token, now())).rc),
  );

  call('updateRegisterMobile', async ({ token, params, request }) => {
    const outcome = await changeRegistrationMobile(db, outgoing(request), token, params.mobile, now());
    if (outcome.rc === 'C01') logSmsFailure(request.log, outcome.smsError);
    return answer(outcome.rc);
  });
};
