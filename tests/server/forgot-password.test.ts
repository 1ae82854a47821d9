import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import { memberTokens, verificationCodes } from '../../server/db/schema';
import { issueToken } from '../../server/modules/tokens/service';
import { sendCode } from '../../server/modules/verification/service';
import { SmsSendError, type SmsSender } from '../../server/sms';
import { outboxSender } from '../../server/sms/outbox';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { tableContents } from './helpers/database';
import { addMember, MEMBER, memberToken } from './helpers/members';
import { testOutgoing } from './helpers/outgoing';
import { forgetPassword, forgotToken, rc, redirectLocation, resendForgot, verifyForgot } from './helpers/password';
import { call, latestCode, outbox, wrongCode } from './helpers/registration';

const SECOND = 1_000;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await addMember(t);
});

/** A registration code to the member's mobile, as the verification service would text it. */
const textRegisterCode = () =>
  sendCode(
    t.db,
    testOutgoing(outboxSender(t.db, t.app.log, t.clock.now)),
    { mobile: MEMBER.mobile, purpose: 'register' },
    t.clock.now(),
  );

const tokenRow = async (memberId?: string) =>
  (await t.db.select().from(memberTokens).where(eq(memberTokens.kind, 'temp'))).filter(
    (row) => !memberId || row.memberId === memberId,
  );

describe('POST /app-api/member/v1.2/forget_password', () => {
  it('texts a forgot-password code and answers a temp token for the forgot-password purpose only', async () => {
    const response = await forgetPassword(t, MEMBER.mobile);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 },
      results: { temp_access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    const [message] = await outbox(t, MEMBER.mobile);
    expect(message?.purpose).toBe('forgot_password');
    expect(message?.text).toMatch(/^【會員中心】您的忘記密碼驗證碼為 \d{6}，10 分鐘內有效。/);
    const rows = await tokenRow();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'temp', purpose: 'forgot_password', verifiedAt: null, revokedAt: null });
    expect(rows[0]?.expiresAt.getTime()).toBe(t.clock.now().getTime() + LIMITS.tempTokenMs);
    expect(await t.db.select().from(memberTokens).where(eq(memberTokens.kind, 'member'))).toEqual([]);
  });

  it('answers MEMBER_IS_NOT_EXIST for an unknown mobile, texting nothing and keeping nothing', async () => {
    const before = await tableContents(t.db);
    const response = await forgetPassword(t, '0900000000');
    expect(response.json()).toEqual({
      rcrm: { RC: 'MEMBER_IS_NOT_EXIST', RM: RC_MESSAGES.MEMBER_IS_NOT_EXIST },
      results: {},
    });
    expect(await tableContents(t.db)).toEqual(before);
    expect(await outbox(t)).toEqual([]);
  });

  it('gives a temp token that is good for nothing but the forgot-password calls', async () => {
    const temp = await forgotToken(t, MEMBER.mobile);
    expect(await rc(redirectLocation(t, temp))).toBe('TOKEN_INVALID');
    expect(await rc(call(t, 'register_verify', temp, { verify_code: await latestCode(t, MEMBER.mobile) }))).toBe(
      'TOKEN_INVALID',
    );
    expect(await rc(call(t, 'register_skip_verify', temp))).toBe('TOKEN_INVALID');
  });

  // A request made again within the minute is one whose answer a weak signal lost, or a second tap
  // elsewhere: the code is on its way, and a second SMS would replace it and spend one of the day's 3.
  it('answers a request again under 60 seconds with a token for the code on its way, texting nothing', async () => {
    expect(await rc(forgetPassword(t, MEMBER.mobile))).toBe('C01');
    const [sent] = await outbox(t, MEMBER.mobile);
    t.clock.advance(LIMITS.smsResendMs - SECOND);
    const again = await forgetPassword(t, MEMBER.mobile);
    expect(again.json()).toEqual({
      rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 },
      results: { temp_access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    expect(await outbox(t, MEMBER.mobile)).toEqual([sent]);
    const code = await latestCode(t, MEMBER.mobile);
    expect(await rc(verifyForgot(t, again.json().results.temp_access_token, code))).toBe('C01');
  });

  it.each([
    ['entered', async (token: string) => verifyForgot(t, token, await latestCode(t, MEMBER.mobile))],
    [
      'killed by five wrong tries',
      async (token: string) => {
        const wrong = wrongCode(await latestCode(t, MEMBER.mobile));
        for (let i = 0; i < LIMITS.verifyCodeMaxAttempts; i++) await verifyForgot(t, token, wrong);
      },
    ],
  ])('refuses a request again under 60 seconds once the code was %s: there is none on its way', async (_, spend) => {
    await spend(await forgotToken(t, MEMBER.mobile));
    const tooSoon = await forgetPassword(t, MEMBER.mobile);
    expect(tooSoon.json()).toEqual({
      rcrm: { RC: 'SMS_RESEND_TOO_SOON', RM: RC_MESSAGES.SMS_RESEND_TOO_SOON },
      results: {},
    });
    expect(await tokenRow()).toHaveLength(1);
  });

  it('texts one code for requests made at once, each answered with a token for it', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => forgetPassword(t, MEMBER.mobile)));
    expect(answers.map((answer) => answer.json().rcrm.RC)).toEqual(Array(5).fill('C01'));
    expect(await outbox(t, MEMBER.mobile)).toHaveLength(1);
    expect(await tokenRow()).toHaveLength(5);
  });

  it('allows 3 in 24 hours, 60 seconds apart', async () => {
    expect(await rc(forgetPassword(t, MEMBER.mobile))).toBe('C01');
    for (let i = 2; i <= LIMITS.smsSendsPerWindow; i++) {
      t.clock.advance(LIMITS.smsResendMs);
      expect(await rc(forgetPassword(t, MEMBER.mobile))).toBe('C01');
    }
    // The third code is no longer on its way (its 10 minutes are up): nothing to go on with.
    t.clock.advance(LIMITS.verifyCodeMs);
    const fourth = await forgetPassword(t, MEMBER.mobile);
    expect(fourth.json()).toEqual({ rcrm: { RC: 'SMS_SEND_LIMIT', RM: RC_MESSAGES.SMS_SEND_LIMIT }, results: {} });
    expect(await outbox(t, MEMBER.mobile)).toHaveLength(LIMITS.smsSendsPerWindow);
    expect(await tokenRow()).toHaveLength(LIMITS.smsSendsPerWindow);
    t.clock.advance(LIMITS.smsSendWindowMs);
    expect(await rc(forgetPassword(t, MEMBER.mobile))).toBe('C01');
  });

  it('answers a request over the limit with a token for the code still on its way, texting nothing', async () => {
    // 10:00, 10:05 and 10:29: a slow SMS, and a member who kept asking.
    const temp = await forgotToken(t, MEMBER.mobile);
    t.clock.advance(5 * 60 * SECOND);
    expect(await rc(resendForgot(t, temp))).toBe('C01');
    t.clock.advance(24 * 60 * SECOND);
    expect(await rc(resendForgot(t, temp))).toBe('C01');
    const code = await latestCode(t, MEMBER.mobile);
    // The last code arrives as the 30-minute token runs out; the member asks again with it in hand.
    t.clock.advance(LIMITS.tempTokenMs - 29 * 60 * SECOND + SECOND);
    expect(await rc(verifyForgot(t, temp, code))).toBe('TOKEN_INVALID');
    const again = await forgetPassword(t, MEMBER.mobile);
    expect(again.json().rcrm.RC).toBe('C01');
    expect(await outbox(t, MEMBER.mobile)).toHaveLength(LIMITS.smsSendsPerWindow);
    expect(await rc(verifyForgot(t, again.json().results.temp_access_token, code))).toBe('C01');
    // Entered, the code is no longer on its way: a request now is over the limit.
    expect(await rc(forgetPassword(t, MEMBER.mobile))).toBe('SMS_SEND_LIMIT');
  });

  it('counts its sends apart from registration codes to the same mobile', async () => {
    expect(await textRegisterCode()).toBe('C01');
    expect(await rc(forgetPassword(t, MEMBER.mobile))).toBe('C01');
  });

  it.each([
    ['a plain (unencrypted) mobile', { mobile: MEMBER.mobile }],
    ['no mobile', {}],
  ])('refuses %s with PARAMETER_INVALID', async (_, params) => {
    const response = await postSigned(t, '/app-api/member/v1.2/forget_password', { request_parameter: params });
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
  });

  it('names the mobile rule when the mobile is not 10 digits', async () => {
    const response = await forgetPassword(t, '09112');
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm).toEqual({ RC: 'PARAMETER_INVALID', RM: '手機號碼格式錯誤（mobile）' });
  });
});

describe('POST /api/member/forget_password_verify', () => {
  let temp: string;
  beforeEach(async () => {
    temp = await forgotToken(t, MEMBER.mobile);
  });

  it('takes the texted code and marks the temp token verified, keeping it alive for the reset', async () => {
    const response = await verifyForgot(t, temp, await latestCode(t, MEMBER.mobile));
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });
    const [row] = await tokenRow();
    expect(row?.verifiedAt).toEqual(t.clock.now());
    expect(row?.revokedAt).toBeNull();
  });

  it('answers C01 again for a token already verified, without asking for a used code twice', async () => {
    const code = await latestCode(t, MEMBER.mobile);
    expect(await rc(verifyForgot(t, temp, code))).toBe('C01');
    expect(await rc(verifyForgot(t, temp, code))).toBe('C01');
  });

  it('answers VERIFY_CODE_INCORRECT for a wrong code and leaves the token unverified', async () => {
    const response = await verifyForgot(t, temp, wrongCode(await latestCode(t, MEMBER.mobile)));
    expect(response.json().rcrm).toEqual({ RC: 'VERIFY_CODE_INCORRECT', RM: RC_MESSAGES.VERIFY_CODE_INCORRECT });
    expect((await tokenRow())[0]?.verifiedAt).toBeNull();
  });

  it('kills the code at the fifth wrong try; a resent code starts afresh', async () => {
    const code = await latestCode(t, MEMBER.mobile);
    for (let i = 1; i < LIMITS.verifyCodeMaxAttempts; i++)
      expect(await rc(verifyForgot(t, temp, wrongCode(code)))).toBe('VERIFY_CODE_INCORRECT');
    expect(await rc(verifyForgot(t, temp, wrongCode(code)))).toBe('VERIFY_CODE_TOO_MANY_ATTEMPTS');
    const sixth = await verifyForgot(t, temp, code);
    expect(sixth.json().rcrm).toEqual({
      RC: 'VERIFY_CODE_TOO_MANY_ATTEMPTS',
      RM: RC_MESSAGES.VERIFY_CODE_TOO_MANY_ATTEMPTS,
    });
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rc(resendForgot(t, temp))).toBe('C01');
    expect(await rc(verifyForgot(t, temp, await latestCode(t, MEMBER.mobile)))).toBe('C01');
  });

  it('answers VERIFY_CODE_EXPIRED once the code is 10 minutes old', async () => {
    const code = await latestCode(t, MEMBER.mobile);
    t.clock.advance(LIMITS.verifyCodeMs);
    const response = await verifyForgot(t, temp, code);
    expect(response.json().rcrm).toEqual({ RC: 'VERIFY_CODE_EXPIRED', RM: RC_MESSAGES.VERIFY_CODE_EXPIRED });
  });

  it('does not take a registration code sent to the same mobile', async () => {
    const forgotCode = await latestCode(t, MEMBER.mobile);
    t.clock.advance(LIMITS.smsResendMs);
    expect(await textRegisterCode()).toBe('C01');
    const registerCode = await latestCode(t, MEMBER.mobile);
    if (registerCode !== forgotCode)
      expect(await rc(verifyForgot(t, temp, registerCode))).toBe('VERIFY_CODE_INCORRECT');
    expect(await rc(verifyForgot(t, temp, forgotCode))).toBe('C01');
  });

  it('answers TOKEN_INVALID for no token, a member token, a register temp token and a 30-minute-old token', async () => {
    const code = await latestCode(t, MEMBER.mobile);
    const member = (await addMember(t, { mobile: '0933000111' })).id;
    const register = await issueToken(t.db, member, { kind: 'temp', purpose: 'register' }, t.clock.now());
    for (const token of [null, 'A'.repeat(43), await memberToken(t), register.token]) {
      const response = await verifyForgot(t, token, code);
      expect(response.json().rcrm).toEqual({ RC: 'TOKEN_INVALID', RM: RC_MESSAGES.TOKEN_INVALID });
    }
    t.clock.advance(LIMITS.tempTokenMs);
    expect(await rc(verifyForgot(t, temp, code))).toBe('TOKEN_INVALID');
  });

  it.each([
    ['no code', {}],
    ['a 5-digit code', { verify_code: '12345' }],
  ])('refuses %s with PARAMETER_INVALID', async (_, params) => {
    const response = await postSigned(t, '/api/member/forget_password_verify', {
      token: temp,
      request_parameter: params,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
  });
});

describe('POST /api/member/resend_forget_verify', () => {
  let temp: string;
  beforeEach(async () => {
    temp = await forgotToken(t, MEMBER.mobile);
  });

  it('refuses a resend under 60 seconds after the last send', async () => {
    t.clock.advance(LIMITS.smsResendMs - SECOND);
    const response = await resendForgot(t, temp);
    expect(response.json()).toEqual({
      rcrm: { RC: 'SMS_RESEND_TOO_SOON', RM: RC_MESSAGES.SMS_RESEND_TOO_SOON },
      results: {},
    });
    expect(await outbox(t, MEMBER.mobile)).toHaveLength(1);
  });

  it('texts a new code after 60 seconds, and only the new one verifies', async () => {
    const first = await latestCode(t, MEMBER.mobile);
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rc(resendForgot(t, temp))).toBe('C01');
    const messages = await outbox(t, MEMBER.mobile);
    expect(messages.map((m) => m.purpose)).toEqual(['forgot_password', 'forgot_password']);
    const second = await latestCode(t, MEMBER.mobile);
    if (first !== second) expect(await rc(verifyForgot(t, temp, first))).toBe('VERIFY_CODE_INCORRECT');
    expect(await rc(verifyForgot(t, temp, second))).toBe('C01');
  });

  it('shares the 3-in-24-hours limit with forget_password itself', async () => {
    for (let i = 2; i <= LIMITS.smsSendsPerWindow; i++) {
      t.clock.advance(LIMITS.smsResendMs);
      expect(await rc(resendForgot(t, temp))).toBe('C01');
    }
    t.clock.advance(LIMITS.smsResendMs);
    const fourth = await resendForgot(t, temp);
    expect(fourth.json().rcrm).toEqual({ RC: 'SMS_SEND_LIMIT', RM: RC_MESSAGES.SMS_SEND_LIMIT });
    t.clock.advance(LIMITS.verifyCodeMs);
    expect(await rc(forgetPassword(t, MEMBER.mobile))).toBe('SMS_SEND_LIMIT');
  });

  it('answers TOKEN_INVALID for no token, a member token and an expired temp token', async () => {
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rc(resendForgot(t, null))).toBe('TOKEN_INVALID');
    expect(await rc(resendForgot(t, await memberToken(t)))).toBe('TOKEN_INVALID');
    t.clock.advance(LIMITS.tempTokenMs);
    expect(await rc(resendForgot(t, temp))).toBe('TOKEN_INVALID');
    expect(await outbox(t, MEMBER.mobile)).toHaveLength(1);
  });

  it('still resends for a verified token that has not reset yet', async () => {
    expect(await rc(verifyForgot(t, temp, await latestCode(t, MEMBER.mobile)))).toBe('C01');
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rc(resendForgot(t, temp))).toBe('C01');
  });
});

describe('when the SMS provider fails', () => {
  let failing: TestApp;
  const refusingSms: SmsSender = {
    send: async () => {
      throw new SmsSendError('簡訊服務拒絕發送：HTTP 503');
    },
  };
  beforeAll(async () => {
    failing = await startTestApp({ sms: refusingSms });
  });
  afterAll(() => failing.close());

  it('answers SYSTEM_ERROR, leaves no live temp token, and does not count the send', async () => {
    await addMember(failing);
    const response = await forgetPassword(failing, MEMBER.mobile);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ rcrm: { RC: 'SYSTEM_ERROR', RM: RC_MESSAGES.SYSTEM_ERROR }, results: {} });
    const rows = await failing.db.select().from(memberTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revokedAt).not.toBeNull();
    expect(await failing.db.select().from(verificationCodes)).toEqual([]);
  });
});
