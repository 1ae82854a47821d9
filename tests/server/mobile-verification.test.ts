import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import type { Member } from '../../server/modules/members/service';
import { issueToken } from '../../server/modules/tokens/service';
import { sendCode } from '../../server/modules/verification/service';
import { outboxSender } from '../../server/sms/outbox';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { tableContents } from './helpers/database';
import { addMember, MEMBER, memberToken } from './helpers/members';
import { testOutgoing } from './helpers/outgoing';
import { memberApi, memberRow } from './helpers/profile';
import { latestCode, outbox, wrongCode } from './helpers/registration';

let t: TestApp;
let member: Member;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  member = await addMember(t, { isVerified: false });
  token = await memberToken(t);
});

const send = (
  tk: string | null = token,
  params: Record<string, unknown> = { verification_type: 'member_verification' },
) => postSigned(t, '/app-api/member/send_verification_code', { token: tk, request_parameter: params });
const check = (code: string, tk: string | null = token) =>
  memberApi(t, 'verify_verification_code', tk, { verification_type: 'member_verification', verification_code: code });
const isVerified = async () => (await memberRow(t, member.id)).isVerified;

describe('POST /app-api/member/send_verification_code', () => {
  it('texts a mobile-verification code to the member’s current mobile', async () => {
    const response = await send();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });
    const [message] = await outbox(t, MEMBER.mobile);
    expect(message).toMatchObject({ to: MEMBER.mobile, purpose: 'member_verification' });
    expect(message?.text).toMatch(/^【會員中心】您的手機驗證碼為 \d{6}，10 分鐘內有效。請勿將驗證碼告訴他人。$/);
  });

  it('refuses a second send within 60 seconds and a fourth within 24 hours', async () => {
    expect((await send()).json().rcrm.RC).toBe('C01');
    expect((await send()).json().rcrm).toEqual({
      RC: 'SMS_RESEND_TOO_SOON',
      RM: RC_MESSAGES.SMS_RESEND_TOO_SOON,
    });
    t.clock.advance(LIMITS.smsResendMs);
    expect((await send()).json().rcrm.RC).toBe('C01');
    t.clock.advance(LIMITS.smsResendMs);
    expect((await send()).json().rcrm.RC).toBe('C01');
    t.clock.advance(LIMITS.smsResendMs);
    expect((await send()).json().rcrm).toEqual({ RC: 'SMS_SEND_LIMIT', RM: RC_MESSAGES.SMS_SEND_LIMIT });
    expect(await outbox(t, MEMBER.mobile)).toHaveLength(3);
    t.clock.advance(LIMITS.smsSendWindowMs);
    expect((await send()).json().rcrm.RC).toBe('C01');
  });

  it('answers TOKEN_INVALID without a live member token and sends nothing', async () => {
    const temp = await issueToken(t.db, member.id, { kind: 'temp', purpose: 'register' }, t.clock.now());
    for (const tk of [null, 'A'.repeat(43), temp.token]) expect((await send(tk)).json().rcrm.RC).toBe('TOKEN_INVALID');
    expect(await outbox(t)).toHaveLength(0);
  });

  it.each([
    ['no verification_type', {}],
    ['another verification_type', { verification_type: 'register' }],
  ])('refuses %s with PARAMETER_INVALID', async (_, params) => {
    const response = await send(token, params);
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
    expect(await outbox(t)).toHaveLength(0);
  });
});

describe('POST /api/member/verify_verification_code', () => {
  beforeEach(async () => {
    expect((await send()).json().rcrm.RC).toBe('C01');
  });

  it('makes the member verified with the texted code, which then is used up', async () => {
    const code = await latestCode(t, MEMBER.mobile);
    const response = await check(code);
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });
    expect(await isVerified()).toBe(true);
    const profile = await memberApi(t, 'get_member_profile', token);
    expect(profile.json().results.member_profile.is_verified).toBe(true);
    expect((await check(code)).json().rcrm.RC).toBe('VERIFY_CODE_EXPIRED');
  });

  it('answers VERIFY_CODE_INCORRECT for a wrong code and kills the code at the fifth', async () => {
    const code = await latestCode(t, MEMBER.mobile);
    for (let i = 1; i < LIMITS.verifyCodeMaxAttempts; i++) {
      expect((await check(wrongCode(code))).json().rcrm).toEqual({
        RC: 'VERIFY_CODE_INCORRECT',
        RM: RC_MESSAGES.VERIFY_CODE_INCORRECT,
      });
    }
    expect((await check(wrongCode(code))).json().rcrm.RC).toBe('VERIFY_CODE_TOO_MANY_ATTEMPTS');
    expect((await check(code)).json().rcrm.RC).toBe('VERIFY_CODE_TOO_MANY_ATTEMPTS');
    expect(await isVerified()).toBe(false);
  });

  it('answers VERIFY_CODE_EXPIRED once the code is 10 minutes old', async () => {
    const code = await latestCode(t, MEMBER.mobile);
    t.clock.advance(LIMITS.verifyCodeMs);
    expect((await check(code)).json().rcrm).toEqual({ RC: 'VERIFY_CODE_EXPIRED', RM: RC_MESSAGES.VERIFY_CODE_EXPIRED });
    expect(await isVerified()).toBe(false);
  });

  it('does not take a code of another purpose sent to the same mobile', async () => {
    const own = await latestCode(t, MEMBER.mobile);
    const outboxSms = testOutgoing(outboxSender(t.db, t.app.log, t.clock.now));
    expect(await sendCode(t.db, outboxSms, { mobile: MEMBER.mobile, purpose: 'forgot_password' }, t.clock.now())).toBe(
      'C01',
    );
    const forgotten = await latestCode(t, MEMBER.mobile);
    if (forgotten !== own) expect((await check(forgotten)).json().rcrm.RC).toBe('VERIFY_CODE_INCORRECT');
    expect((await check(own)).json().rcrm.RC).toBe('C01');
  });

  it('checks the code against the token’s own member only, and the code stays good', async () => {
    const code = await latestCode(t, MEMBER.mobile);
    await addMember(t, { mobile: '0922000111' });
    const other = await memberToken(t, '0922000111');
    expect((await check(code, other)).json().rcrm.RC).toBe('VERIFY_CODE_EXPIRED');
    expect((await check(code, null)).json().rcrm.RC).toBe('TOKEN_INVALID');
    expect((await check(code)).json().rcrm.RC).toBe('C01');
  });

  it.each([
    ['no code', { verification_type: 'member_verification' }],
    ['a 5-digit code', { verification_type: 'member_verification', verification_code: '12345' }],
    ['another verification_type', { verification_type: 'register', verification_code: '123456' }],
  ])('refuses %s with PARAMETER_INVALID and changes nothing', async (_, params) => {
    const before = await tableContents(t.db);
    const response = await memberApi(t, 'verify_verification_code', token, params);
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
    expect(await tableContents(t.db)).toEqual(before);
  });
});
