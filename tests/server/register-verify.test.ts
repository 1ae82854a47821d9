import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES, taipeiTimestamp } from '#protocol';
import { LIMITS } from '../../server/config';
import { members, memberTokens, verificationCodes } from '../../server/db/schema';
import { issueToken, verifyToken } from '../../server/modules/tokens/service';
import { enc, startTestApp, type TestApp } from './helpers/app';
import { tableContents } from './helpers/database';
import { addMember, memberToken } from './helpers/members';
import { call, latestCode, outbox, rcOf, registerVisitor, VISITOR, wrongCode } from './helpers/registration';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
let t: TestApp;
let temp: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  temp = await registerVisitor(t);
});

const verify = (code: string, token: string | null = temp) => call(t, 'register_verify', token, { verify_code: code });
const skip = (token: string | null = temp) => call(t, 'register_skip_verify', token);
const resend = (token: string | null = temp) => call(t, 'resend_register_verify', token);
const changeMobile = (mobile: string, token: string | null = temp) =>
  call(t, 'update_register_mobile', token, { mobile: enc(mobile) });
const visitor = async () =>
  (
    await t.db
      .select()
      .from(members)
      .where(eq(members.id, await memberIdOf(temp)))
  )[0];

async function memberIdOf(token: string): Promise<string> {
  const [row] = await t.db.select().from(memberTokens).where(eq(memberTokens.kind, 'temp'));
  if (!row) throw new Error(`no temp token for ${token}`);
  return row.memberId;
}

describe('POST /app-api/member/register_verify', () => {
  it('verifies the member with the texted code, ends the temp token and answers a member token', async () => {
    const response = await verify(await latestCode(t, VISITOR.mobile));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 },
      results: { member_access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    expect((await visitor())?.isVerified).toBe(true);
    const memberAccessToken = response.json().results.member_access_token;
    expect(await verifyToken(t.db, memberAccessToken, { kind: 'member' }, t.clock.now())).not.toBeNull();
    expect(await rcOf(verify(await latestCode(t, VISITOR.mobile)))).toBe('TOKEN_INVALID');
    expect(await rcOf(skip())).toBe('TOKEN_INVALID');
  });

  it('answers VERIFY_CODE_INCORRECT for a wrong code and keeps the member unverified and the token alive', async () => {
    const response = await verify(wrongCode(await latestCode(t, VISITOR.mobile)));
    expect(response.json()).toEqual({
      rcrm: { RC: 'VERIFY_CODE_INCORRECT', RM: RC_MESSAGES.VERIFY_CODE_INCORRECT },
      results: {},
    });
    expect((await visitor())?.isVerified).toBe(false);
    expect(await rcOf(verify(await latestCode(t, VISITOR.mobile)))).toBe('C01');
  });

  it('kills the code at the fifth wrong try: the sixth try is refused even with the right code', async () => {
    const code = await latestCode(t, VISITOR.mobile);
    for (let i = 1; i < LIMITS.verifyCodeMaxAttempts; i++)
      expect(await rcOf(verify(wrongCode(code)))).toBe('VERIFY_CODE_INCORRECT');
    expect(await rcOf(verify(wrongCode(code)))).toBe('VERIFY_CODE_TOO_MANY_ATTEMPTS');
    const sixth = await verify(code);
    expect(sixth.json().rcrm).toEqual({
      RC: 'VERIFY_CODE_TOO_MANY_ATTEMPTS',
      RM: RC_MESSAGES.VERIFY_CODE_TOO_MANY_ATTEMPTS,
    });
    expect((await visitor())?.isVerified).toBe(false);
    // A new code starts afresh.
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rcOf(resend())).toBe('C01');
    expect(await rcOf(verify(await latestCode(t, VISITOR.mobile)))).toBe('C01');
  });

  it('answers VERIFY_CODE_EXPIRED once the code is 10 minutes old', async () => {
    const code = await latestCode(t, VISITOR.mobile);
    t.clock.advance(LIMITS.verifyCodeMs);
    const response = await verify(code);
    expect(response.json().rcrm).toEqual({ RC: 'VERIFY_CODE_EXPIRED', RM: RC_MESSAGES.VERIFY_CODE_EXPIRED });
    expect((await visitor())?.isVerified).toBe(false);
  });

  it('still takes the code a second before its 10 minutes are up', async () => {
    const code = await latestCode(t, VISITOR.mobile);
    t.clock.advance(LIMITS.verifyCodeMs - SECOND);
    expect(await rcOf(verify(code))).toBe('C01');
  });

  it('takes only the newest code once another was sent', async () => {
    const first = await latestCode(t, VISITOR.mobile);
    t.clock.advance(LIMITS.smsResendMs);
    await resend();
    const second = await latestCode(t, VISITOR.mobile);
    if (first !== second) expect(await rcOf(verify(first))).toBe('VERIFY_CODE_INCORRECT');
    expect(await rcOf(verify(second))).toBe('C01');
  });

  it.each([
    ['no token', null],
    ['a malformed token', 'not-a-token'],
    ['an unknown token', 'A'.repeat(43)],
  ])('answers TOKEN_INVALID for %s', async (_, token) => {
    const response = await verify(await latestCode(t, VISITOR.mobile), token);
    expect(response.statusCode).toBe(200);
    expect(response.json().rcrm).toEqual({ RC: 'TOKEN_INVALID', RM: RC_MESSAGES.TOKEN_INVALID });
  });

  it('answers TOKEN_INVALID for a temp token of another purpose and for a member token', async () => {
    const member = await addMember(t);
    const forgot = await issueToken(t.db, member.id, { kind: 'temp', purpose: 'forgot_password' }, t.clock.now());
    const code = await latestCode(t, VISITOR.mobile);
    expect(await rcOf(verify(code, forgot.token))).toBe('TOKEN_INVALID');
    expect(await rcOf(verify(code, await memberToken(t)))).toBe('TOKEN_INVALID');
    for (const token of [forgot.token, await memberToken(t)]) {
      expect(await rcOf(skip(token))).toBe('TOKEN_INVALID');
      expect(await rcOf(resend(token))).toBe('TOKEN_INVALID');
      expect(await rcOf(changeMobile('0955000999', token))).toBe('TOKEN_INVALID');
    }
  });

  it('answers TOKEN_INVALID once the temp token is 30 minutes old', async () => {
    t.clock.advance(LIMITS.tempTokenMs);
    expect(await rcOf(verify(await latestCode(t, VISITOR.mobile)))).toBe('TOKEN_INVALID');
  });

  it('lets only one of a verify and a skip sent together use the temp token', async () => {
    const code = await latestCode(t, VISITOR.mobile);
    const answers = await Promise.all([verify(code), skip()]);
    expect(answers.map((r) => r.json().rcrm.RC).filter((rc) => rc === 'C01')).toHaveLength(1);
    expect(await t.db.select().from(memberTokens).where(eq(memberTokens.kind, 'member'))).toHaveLength(1);
  });

  it.each([
    ['no code', {}],
    ['a 5-digit code', { verify_code: '12345' }],
    ['a code that is a number', { verify_code: 123456 }],
  ])('refuses %s with PARAMETER_INVALID', async (_, params) => {
    const response = await call(t, 'register_verify', temp, params);
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
  });
});

describe('POST /app-api/member/register_skip_verify', () => {
  it('answers a member token, leaves the member unverified and ends the temp token', async () => {
    const response = await skip();
    expect(response.json()).toEqual({
      rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 },
      results: { member_access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    expect((await visitor())?.isVerified).toBe(false);
    expect(await rcOf(skip())).toBe('TOKEN_INVALID');
    expect(await rcOf(resend())).toBe('TOKEN_INVALID');
  });
});

describe('a register temp token once its member has signed in', () => {
  // Signing in makes the registration stand, as step 3 does; the token step 3 would have ended
  // must not go on moving the account's mobile or issuing member tokens.
  it.each([
    ['register_verify', async () => verify(await latestCode(t, VISITOR.mobile))],
    ['register_skip_verify', () => skip()],
    ['resend_register_verify', () => resend()],
    ['update_register_mobile', () => changeMobile('0933222111')],
  ])('%s answers TOKEN_INVALID, changing nothing', async (_, stepThree) => {
    t.clock.advance(MINUTE);
    const session = await memberToken(t, VISITOR.mobile, VISITOR.password);
    expect(await rcOf(call(t, 'logout', session))).toBe('C01');
    const before = await tableContents(t.db);
    expect(await rcOf(stepThree())).toBe('TOKEN_INVALID');
    expect(await tableContents(t.db)).toEqual(before);
  });
});

describe('POST /app-api/member/resend_register_verify', () => {
  it('refuses a resend under 60 seconds after the last send', async () => {
    t.clock.advance(LIMITS.smsResendMs - SECOND);
    const response = await resend();
    expect(response.json()).toEqual({
      rcrm: { RC: 'SMS_RESEND_TOO_SOON', RM: RC_MESSAGES.SMS_RESEND_TOO_SOON },
      results: {},
    });
    expect(await outbox(t, VISITOR.mobile)).toHaveLength(1);
  });

  it('sends a new code 60 seconds after the last one', async () => {
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rcOf(resend())).toBe('C01');
    const messages = await outbox(t, VISITOR.mobile);
    const now = t.clock.now().getTime();
    expect(messages.map((m) => m.sent_at)).toEqual([
      taipeiTimestamp(new Date(now)),
      taipeiTimestamp(new Date(now - LIMITS.smsResendMs)),
    ]);
  });

  it('refuses the fourth send within 24 hours, and sends again once the first is 24 hours old', async () => {
    for (let i = 2; i <= LIMITS.smsSendsPerWindow; i++) {
      t.clock.advance(LIMITS.smsResendMs);
      expect(await rcOf(resend())).toBe('C01');
    }
    t.clock.advance(LIMITS.smsResendMs);
    const fourth = await resend();
    expect(fourth.json().rcrm).toEqual({ RC: 'SMS_SEND_LIMIT', RM: RC_MESSAGES.SMS_SEND_LIMIT });
    expect(await outbox(t, VISITOR.mobile)).toHaveLength(LIMITS.smsSendsPerWindow);
    // 24 hours after the first send, with a fresh temp token (the first has long expired).
    t.clock.advance(LIMITS.smsSendWindowMs - LIMITS.smsSendsPerWindow * LIMITS.smsResendMs);
    const fresh = await issueToken(t.db, await memberIdOf(temp), { kind: 'temp', purpose: 'register' }, t.clock.now());
    expect(await rcOf(resend(fresh.token))).toBe('C01');
  });

  it('answers TOKEN_INVALID once the member is verified', async () => {
    await t.db.update(members).set({ isVerified: true });
    expect(await rcOf(resend())).toBe('TOKEN_INVALID');
  });
});

describe('POST /app-api/member/update_register_mobile', () => {
  const NEW_MOBILE = '0966111222';

  it('moves the unverified member to the new mobile and texts the code there', async () => {
    const response = await changeMobile(NEW_MOBILE);
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });
    expect((await visitor())?.mobile).toBe(NEW_MOBILE);
    const [message] = await outbox(t, NEW_MOBILE);
    expect(message?.purpose).toBe('register');
    expect(await rcOf(verify(await latestCode(t, NEW_MOBILE)))).toBe('C01');
    expect((await visitor())?.isVerified).toBe(true);
  });

  it('frees the old mobile and no longer takes the code sent there', async () => {
    const oldCode = await latestCode(t, VISITOR.mobile);
    await changeMobile(NEW_MOBILE);
    expect(await rcOf(verify(oldCode))).toMatch(/^VERIFY_CODE_(INCORRECT|EXPIRED)$/);
    expect(
      await rcOf(call(t, 'register_check', null, { mobile: enc(VISITOR.mobile), password: enc(VISITOR.password) })),
    ).toBe('C01');
  });

  it('answers MEMBER_MOBILE_IS_REPEAT for a mobile another member has, changing nothing', async () => {
    await addMember(t, { mobile: NEW_MOBILE });
    const before = await tableContents(t.db);
    const response = await changeMobile(NEW_MOBILE);
    expect(response.json().rcrm).toEqual({ RC: 'MEMBER_MOBILE_IS_REPEAT', RM: RC_MESSAGES.MEMBER_MOBILE_IS_REPEAT });
    expect((await visitor())?.mobile).toBe(VISITOR.mobile);
    expect(await tableContents(t.db)).toEqual(before);
  });

  it('only resends when the mobile is the same, within the send limits', async () => {
    expect(await rcOf(changeMobile(VISITOR.mobile))).toBe('SMS_RESEND_TOO_SOON');
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rcOf(changeMobile(VISITOR.mobile))).toBe('C01');
    expect(await outbox(t, VISITOR.mobile)).toHaveLength(2);
  });

  it('keeps the mobile when the new one has used up its sends, answering SMS_SEND_LIMIT', async () => {
    const start = t.clock.now().getTime() - 2 * MINUTE * LIMITS.smsSendsPerWindow;
    for (let i = 0; i < LIMITS.smsSendsPerWindow; i++) {
      await t.db.insert(verificationCodes).values({
        mobile: NEW_MOBILE,
        purpose: 'register',
        codeHash: '$argon2id$placeholder-of-a-spent-code',
        sentAt: new Date(start + i * 2 * MINUTE),
        expiresAt: new Date(start + i * 2 * MINUTE + LIMITS.verifyCodeMs),
      });
    }
    expect(await rcOf(changeMobile(NEW_MOBILE))).toBe('SMS_SEND_LIMIT');
    expect((await visitor())?.mobile).toBe(VISITOR.mobile);
  });

  it('is refused with TOKEN_INVALID once the member is verified or the temp token is used', async () => {
    await skip();
    expect(await rcOf(changeMobile(NEW_MOBILE))).toBe('TOKEN_INVALID');
    const second = await registerVisitor(t, { mobile: '0955000333' });
    await t.db.update(members).set({ isVerified: true }).where(eq(members.mobile, '0955000333'));
    expect(await rcOf(changeMobile(NEW_MOBILE, second))).toBe('TOKEN_INVALID');
    expect(await t.db.select().from(members).where(eq(members.mobile, NEW_MOBILE))).toEqual([]);
  });

  it('refuses a mobile sent in clear or malformed with PARAMETER_INVALID', async () => {
    const clear = await call(t, 'update_register_mobile', temp, { mobile: NEW_MOBILE });
    expect(clear.statusCode).toBe(400);
    const short = await changeMobile('09661112');
    expect(short.statusCode).toBe(400);
    expect(short.json().rcrm.RC).toBe('PARAMETER_INVALID');
  });
});
