import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import { memberAuditEvents, members, memberTokens } from '../../server/db/schema';
import { issueToken } from '../../server/modules/tokens/service';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { addMember, countedAttempts, loginAs, MEMBER, memberToken } from './helpers/members';
import {
  forgotToken,
  rc,
  redirectLocation,
  resendForgot,
  resetPassword,
  verifiedForgotToken,
  verifyForgot,
} from './helpers/password';
import { latestCode, wrongCode } from './helpers/registration';

const NEW_PASSWORD = 'fresh2025';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await addMember(t);
});

const loginRc = (password: string, mobile: string = MEMBER.mobile) => rc(loginAs(t, mobile, password));

describe('POST /app-api/member/reset_password', () => {
  it('sets the new password after a verified code: the new one logs in, the old one no longer', async () => {
    const temp = await verifiedForgotToken(t, MEMBER.mobile);
    const response = await resetPassword(t, temp, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });
    expect(await loginRc(NEW_PASSWORD)).toBe('C01');
    expect(await loginRc(MEMBER.password)).toBe('PASSWORD_INCORRECT');
  });

  it('refuses a reset whose code was never verified, changing nothing and keeping the token', async () => {
    const temp = await forgotToken(t, MEMBER.mobile);
    const response = await resetPassword(t, temp, NEW_PASSWORD);
    expect(response.json()).toEqual({
      rcrm: { RC: 'VERIFY_CODE_REQUIRED', RM: RC_MESSAGES.VERIFY_CODE_REQUIRED },
      results: {},
    });
    expect(await loginRc(MEMBER.password)).toBe('C01');
    expect(await rc(verifyForgot(t, temp, await latestCode(t, MEMBER.mobile)))).toBe('C01');
    expect(await rc(resetPassword(t, temp, NEW_PASSWORD))).toBe('C01');
  });

  it('refuses a reset after only a wrong code', async () => {
    const temp = await forgotToken(t, MEMBER.mobile);
    const wrong = wrongCode(await latestCode(t, MEMBER.mobile));
    expect(await rc(verifyForgot(t, temp, wrong))).toBe('VERIFY_CODE_INCORRECT');
    expect(await rc(resetPassword(t, temp, NEW_PASSWORD))).toBe('VERIFY_CODE_REQUIRED');
  });

  it('ends the temp token: it neither resets again nor verifies nor resends', async () => {
    const temp = await verifiedForgotToken(t, MEMBER.mobile);
    expect(await rc(resetPassword(t, temp, NEW_PASSWORD))).toBe('C01');
    const again = await resetPassword(t, temp, 'another99');
    expect(again.json().rcrm).toEqual({ RC: 'TOKEN_INVALID', RM: RC_MESSAGES.TOKEN_INVALID });
    expect(await loginRc(NEW_PASSWORD)).toBe('C01');
    expect(await rc(verifyForgot(t, temp, await latestCode(t, MEMBER.mobile)))).toBe('TOKEN_INVALID');
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rc(resendForgot(t, temp))).toBe('TOKEN_INVALID');
  });

  it("revokes every one of the member's sessions, and no other member's", async () => {
    const other = await addMember(t, { mobile: '0933000111' });
    const sessions = [await memberToken(t), await memberToken(t)];
    const neighbour = await memberToken(t, other.mobile);
    expect(await rc(redirectLocation(t, sessions[0] ?? ''))).toBe('C01');
    expect(await rc(resetPassword(t, await verifiedForgotToken(t, MEMBER.mobile), NEW_PASSWORD))).toBe('C01');
    for (const session of sessions) {
      const response = await redirectLocation(t, session);
      expect(response.json().rcrm).toEqual({ RC: 'TOKEN_INVALID', RM: RC_MESSAGES.TOKEN_INVALID });
    }
    expect(await rc(redirectLocation(t, neighbour))).toBe('C01');
    const live = await t.db.select().from(memberTokens);
    expect(live.filter((row) => row.memberId !== other.id).every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('refuses the old password as the new one, keeping the token for another try', async () => {
    const temp = await verifiedForgotToken(t, MEMBER.mobile);
    const response = await resetPassword(t, temp, MEMBER.password);
    expect(response.json()).toEqual({
      rcrm: { RC: 'PASSWORD_SAME_AS_OLD', RM: RC_MESSAGES.PASSWORD_SAME_AS_OLD },
      results: {},
    });
    expect(RC_MESSAGES.PASSWORD_SAME_AS_OLD).toBe('新密碼不可與舊密碼相同');
    expect(await rc(resetPassword(t, temp, NEW_PASSWORD))).toBe('C01');
  });

  it('lets a locked-out member log in with the new password at once', async () => {
    for (let i = 0; i < LIMITS.lockoutFailures; i++) await loginRc('wrong999');
    expect(await loginRc(MEMBER.password)).toBe('ACCOUNT_LOCKED');
    expect(await rc(resetPassword(t, await verifiedForgotToken(t, MEMBER.mobile), NEW_PASSWORD))).toBe('C01');
    expect(await countedAttempts(t)).toBe(0);
    expect(await loginRc(NEW_PASSWORD)).toBe('C01');
  });

  it('clears the legacy flag: an imported member is no longer sent to change the birthday password', async () => {
    const legacy = await addMember(t, { mobile: '0922000111', password: '19801201', mustChangePassword: true });
    expect(await rc(resetPassword(t, await verifiedForgotToken(t, legacy.mobile), NEW_PASSWORD))).toBe('C01');
    const [row] = await t.db.select().from(members).where(eq(members.id, legacy.id));
    expect(row?.mustChangePassword).toBe(false);
    const location = await redirectLocation(t, await memberToken(t, legacy.mobile, NEW_PASSWORD));
    expect(location.json().results).toEqual({ location: '/change_member' });
  });

  it('keeps an audit record of the reset', async () => {
    const member = (await t.db.select().from(members))[0];
    expect(await rc(resetPassword(t, await verifiedForgotToken(t, MEMBER.mobile), NEW_PASSWORD))).toBe('C01');
    expect(await t.db.select().from(memberAuditEvents)).toEqual([
      expect.objectContaining({ memberId: member?.id, eventType: 'password_reset', occurredAt: t.clock.now() }),
    ]);
  });

  it('answers TOKEN_INVALID for a verified token 30 minutes old', async () => {
    const temp = await verifiedForgotToken(t, MEMBER.mobile);
    t.clock.advance(LIMITS.tempTokenMs);
    expect(await rc(resetPassword(t, temp, NEW_PASSWORD))).toBe('TOKEN_INVALID');
    expect(await loginRc(MEMBER.password)).toBe('C01');
  });

  it('answers TOKEN_INVALID for no token, a member token and a register temp token', async () => {
    const [member] = await t.db.select().from(members);
    const register = await issueToken(t.db, member?.id ?? '', { kind: 'temp', purpose: 'register' }, t.clock.now());
    await t.db.update(memberTokens).set({ verifiedAt: t.clock.now() }).where(eq(memberTokens.id, register.tokenId));
    for (const token of [null, await memberToken(t), register.token]) {
      expect(await rc(resetPassword(t, token, NEW_PASSWORD))).toBe('TOKEN_INVALID');
    }
    expect(await loginRc(MEMBER.password)).toBe('C01');
  });

  it('lets only one of two resets sent together use the token: its password logs in, the other’s not', async () => {
    const temp = await verifiedForgotToken(t, MEMBER.mobile);
    const passwords = ['first111', 'second22'] as const;
    const answers = await Promise.all(passwords.map((password) => resetPassword(t, temp, password)));
    const rcs = answers.map((response) => response.json().rcrm.RC);
    expect([...rcs].sort()).toEqual(['C01', 'TOKEN_INVALID']);
    const [winner, loser] = rcs[0] === 'C01' ? passwords : [passwords[1], passwords[0]];
    expect(await loginRc(loser)).toBe('PASSWORD_INCORRECT');
    expect(await loginRc(winner)).toBe('C01');
  });

  describe('the new password follows the set-password rule (6 to 100 letters and digits, both kinds)', () => {
    let temp: string;
    beforeEach(async () => {
      temp = await verifiedForgotToken(t, MEMBER.mobile);
    });

    it.each([
      ['empty', '', '請輸入新密碼（new_password）'],
      ['letters only', 'abcdefgh', '密碼須為 6-12 位英文字母與數字組合（new_password）'],
      ['digits only', '12345678', '密碼須為 6-12 位英文字母與數字組合（new_password）'],
      ['5 characters', 'abc12', '密碼須為 6-12 位英文字母與數字組合（new_password）'],
      ['101 characters', `a1${'b'.repeat(99)}`, '密碼須為 6-12 位英文字母與數字組合（new_password）'],
      ['a symbol', 'abc123!', '密碼須為 6-12 位英文字母與數字組合（new_password）'],
    ])('refuses %s with PARAMETER_INVALID naming the rule', async (_, password, message) => {
      const response = await resetPassword(t, temp, password);
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm).toEqual({ RC: 'PARAMETER_INVALID', RM: message });
      expect(await loginRc(MEMBER.password)).toBe('C01');
    });

    it.each([
      ['13 characters', 'abcdefghijk12'],
      ['100 characters', `a1${'b'.repeat(98)}`],
    ])('takes %s: the enforced bound is 100, whatever the text says', async (_, password) => {
      expect(await rc(resetPassword(t, temp, password))).toBe('C01');
      expect(await loginRc(password)).toBe('C01');
    });

    it('refuses an unencrypted password', async () => {
      const response = await postSigned(t, '/app-api/member/reset_password', {
        token: temp,
        request_parameter: { new_password: NEW_PASSWORD },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
    });
  });
});
