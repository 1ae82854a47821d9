import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import { memberAuditEvents, members } from '../../server/db/schema';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { addMember, countedAttempts, loginAs, MEMBER, memberToken } from './helpers/members';
import { changePassword, forgotToken, rc, redirectLocation, resetPassword, verifyForgot } from './helpers/password';
import { latestCode } from './helpers/registration';

const MINUTE = 60_000;
const NEW_PASSWORD = 'fresh2025';
let t: TestApp;
let session: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await addMember(t);
  session = await memberToken(t);
});

const loginRc = (password: string, mobile: string = MEMBER.mobile) => rc(loginAs(t, mobile, password));
const change = (oldPassword: string, newPassword: string = NEW_PASSWORD, token: string | null = session) =>
  changePassword(t, token, oldPassword, newPassword);

describe('POST /app-api/member/update_member_password', () => {
  it('replaces the password: the new one logs in, the old one no longer', async () => {
    const response = await change(MEMBER.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });
    expect(await loginRc(NEW_PASSWORD)).toBe('C01');
    expect(await loginRc(MEMBER.password)).toBe('PASSWORD_INCORRECT');
  });

  it("keeps the session that changed it and ends every other session of the member's", async () => {
    const phone = await memberToken(t);
    const laptop = await memberToken(t);
    const other = await addMember(t, { mobile: '0933000111' });
    const neighbour = await memberToken(t, other.mobile);
    expect(await rc(change(MEMBER.password))).toBe('C01');
    expect(await rc(redirectLocation(t, session))).toBe('C01');
    for (const gone of [phone, laptop]) {
      const response = await redirectLocation(t, gone);
      expect(response.json().rcrm).toEqual({ RC: 'TOKEN_INVALID', RM: RC_MESSAGES.TOKEN_INVALID });
      expect(await rc(change(NEW_PASSWORD, 'again2025', gone))).toBe('TOKEN_INVALID');
    }
    expect(await rc(redirectLocation(t, neighbour))).toBe('C01');
  });

  it('also ends a password recovery under way', async () => {
    const temp = await forgotToken(t, MEMBER.mobile);
    expect(await rc(verifyForgot(t, temp, await latestCode(t, MEMBER.mobile)))).toBe('C01');
    expect(await rc(change(MEMBER.password))).toBe('C01');
    expect(await rc(resetPassword(t, temp, 'other2025'))).toBe('TOKEN_INVALID');
  });

  it('answers PASSWORD_INCORRECT for a wrong old password, counting it, and changes nothing', async () => {
    const response = await change('wrong999');
    expect(response.json()).toEqual({
      rcrm: { RC: 'PASSWORD_INCORRECT', RM: RC_MESSAGES.PASSWORD_INCORRECT },
      results: {},
    });
    expect(await countedAttempts(t)).toBe(1);
    expect(await loginRc(MEMBER.password)).toBe('C01');
  });

  it('locks the account at the fifth wrong old password within 15 minutes, for login too', async () => {
    for (let i = 0; i < LIMITS.lockoutFailures - 1; i++) {
      expect(await rc(change('wrong999'))).toBe('PASSWORD_INCORRECT');
      t.clock.advance(MINUTE);
    }
    const fifth = await change('wrong999');
    expect(fifth.json().rcrm).toEqual({ RC: 'ACCOUNT_LOCKED', RM: RC_MESSAGES.ACCOUNT_LOCKED });
    expect(await rc(change(MEMBER.password))).toBe('ACCOUNT_LOCKED');
    expect(await loginRc(MEMBER.password)).toBe('ACCOUNT_LOCKED');
    t.clock.advance(LIMITS.lockoutMs);
    expect(await rc(change(MEMBER.password))).toBe('C01');
  });

  it('counts wrong logins and wrong old passwords together', async () => {
    for (let i = 0; i < LIMITS.lockoutFailures - 1; i++) expect(await loginRc('wrong999')).toBe('PASSWORD_INCORRECT');
    expect(await rc(change('wrong999'))).toBe('ACCOUNT_LOCKED');
  });

  it('starts counting again after the right old password', async () => {
    for (let i = 0; i < LIMITS.lockoutFailures - 1; i++) await change('wrong999');
    expect(await rc(change(MEMBER.password, MEMBER.password))).toBe('PASSWORD_SAME_AS_OLD');
    expect(await countedAttempts(t)).toBe(0);
  });

  it('refuses a new password equal to the old one', async () => {
    const response = await change(MEMBER.password, MEMBER.password);
    expect(response.json()).toEqual({
      rcrm: { RC: 'PASSWORD_SAME_AS_OLD', RM: '新密碼不可與舊密碼相同' },
      results: {},
    });
    expect(await loginRc(MEMBER.password)).toBe('C01');
  });

  it('lets a legacy member replace the birthday password, after which the default address is answered', async () => {
    const legacy = await addMember(t, { mobile: '0922000111', password: '19801201', mustChangePassword: true });
    const token = await memberToken(t, legacy.mobile, '19801201');
    expect((await redirectLocation(t, token)).json().results).toEqual({ location: '/change_pwd?reason=imported' });
    expect(await rc(change('19801201', NEW_PASSWORD, token))).toBe('C01');
    const [row] = await t.db.select().from(members).where(eq(members.id, legacy.id));
    expect(row?.mustChangePassword).toBe(false);
    expect((await redirectLocation(t, token)).json().results).toEqual({ location: '/change_member' });
  });

  it('keeps an audit record of the change', async () => {
    expect(await rc(change(MEMBER.password))).toBe('C01');
    const [member] = await t.db.select().from(members).where(eq(members.mobile, MEMBER.mobile));
    expect(await t.db.select().from(memberAuditEvents)).toEqual([
      expect.objectContaining({ memberId: member?.id, eventType: 'password_change', occurredAt: t.clock.now() }),
    ]);
  });

  it('answers TOKEN_INVALID for no token, an unknown token and a forgot-password temp token', async () => {
    const temp = await forgotToken(t, MEMBER.mobile);
    for (const token of [null, 'A'.repeat(43), temp]) {
      const response = await change(MEMBER.password, NEW_PASSWORD, token);
      expect(response.json().rcrm).toEqual({ RC: 'TOKEN_INVALID', RM: RC_MESSAGES.TOKEN_INVALID });
    }
    expect(await countedAttempts(t)).toBe(0);
    expect(await loginRc(MEMBER.password)).toBe('C01');
  });

  it('lets only one of two sessions changing the password at once succeed: its password logs in, the other’s not', async () => {
    const other = await memberToken(t);
    const passwords = ['first111', 'second22'] as const;
    const answers = await Promise.all([
      change(MEMBER.password, passwords[0], session),
      change(MEMBER.password, passwords[1], other),
    ]);
    const rcs = answers.map((response) => response.json().rcrm.RC);
    expect([...rcs].sort()).toEqual(['C01', 'TOKEN_INVALID']);
    const [winner, loser] = rcs[0] === 'C01' ? passwords : [passwords[1], passwords[0]];
    expect(await loginRc(loser)).toBe('PASSWORD_INCORRECT');
    expect(await loginRc(winner)).toBe('C01');
  });

  describe('the passwords follow the rules', () => {
    it.each([
      ['an empty old password', '', NEW_PASSWORD, '請輸入舊密碼（old_password）'],
      ['an old password with a symbol', 'abc12!', NEW_PASSWORD, '密碼須為 6 位以上英文字母或數字（old_password）'],
      ['an empty new password', MEMBER.password, '', '請輸入新密碼（new_password）'],
      [
        'a new password of digits only',
        MEMBER.password,
        '12345678',
        '密碼須為 6-12 位英文字母與數字組合（new_password）',
      ],
      [
        'a new password of 101 characters',
        MEMBER.password,
        `a1${'b'.repeat(99)}`,
        '密碼須為 6-12 位英文字母與數字組合（new_password）',
      ],
    ])('refuses %s with PARAMETER_INVALID naming the rule, counting nothing', async (_, oldPw, newPw, message) => {
      const response = await change(oldPw, newPw);
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm).toEqual({ RC: 'PARAMETER_INVALID', RM: message });
      expect(await countedAttempts(t)).toBe(0);
    });

    it('takes a 100-character new password', async () => {
      const long = `a1${'b'.repeat(98)}`;
      expect(await rc(change(MEMBER.password, long))).toBe('C01');
      expect(await loginRc(long)).toBe('C01');
    });

    it('refuses unencrypted passwords', async () => {
      const response = await postSigned(t, '/app-api/member/update_member_password', {
        token: session,
        request_parameter: { old_password: MEMBER.password, new_password: NEW_PASSWORD },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
    });
  });
});
