import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import { pendingMobileChanges, verificationCodes } from '../../server/db/schema';
import { sha256Hex } from '../../server/lib/secrets';
import type { Member } from '../../server/modules/members/service';
import { enc, startTestApp, type TestApp } from './helpers/app';
import { tableContents } from './helpers/database';
import { addMember, loginAs, MEMBER, memberToken } from './helpers/members';
import { memberApi, memberRow, NEW_MOBILE, requestMobileChange } from './helpers/profile';
import { outbox } from './helpers/registration';

let t: TestApp;
let member: Member;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  member = await addMember(t);
  token = await memberToken(t);
});

const request = (mobile = NEW_MOBILE, password: string = MEMBER.password, tk: string | null = token) =>
  requestMobileChange(t, tk, mobile, password);
const rcOf = async (response: ReturnType<typeof request>) => (await response).json().rcrm.RC;
const pending = () => t.db.select().from(pendingMobileChanges).where(eq(pendingMobileChanges.memberId, member.id));

describe('POST /api/member/update_member_mobile', () => {
  it('texts a mobile-change code to the new mobile and changes nothing yet', async () => {
    const response = await request();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });
    const [message] = await outbox(t, NEW_MOBILE);
    expect(message).toMatchObject({ to: NEW_MOBILE, purpose: 'mobile_change' });
    expect(message?.text).toMatch(/^【會員中心】您的手機號碼變更驗證碼為 \d{6}，10 分鐘內有效。/);
    expect(await outbox(t, MEMBER.mobile)).toHaveLength(0);
    expect((await memberRow(t, member.id)).mobile).toBe(MEMBER.mobile);
    expect(await rcOf(loginAs(t, MEMBER.mobile, MEMBER.password))).toBe('C01');
    expect(await rcOf(loginAs(t, NEW_MOBILE, MEMBER.password))).toBe('MEMBER_IS_NOT_EXIST');
    // The request holds the code it sent, the one code that confirms it.
    const [sentCode] = await t.db.select().from(verificationCodes);
    expect(sentCode).toMatchObject({ mobile: NEW_MOBILE, purpose: 'mobile_change' });
    expect(await pending()).toEqual([
      {
        memberId: member.id,
        newMobile: NEW_MOBILE,
        requestedAt: t.clock.now(),
        expiresAt: new Date(t.clock.now().getTime() + LIMITS.mobileChangeMs),
        codeId: sentCode?.id,
        // The asking session's token, as member_tokens keeps it: the request is that session's.
        requestedBy: sha256Hex(token),
      },
    ]);
  });

  it('takes a legacy member’s 8-digit birthday password', async () => {
    await addMember(t, { mobile: '0922000111', password: '19801201', mustChangePassword: true });
    const legacy = await memberToken(t, '0922000111', '19801201');
    expect(await rcOf(request(NEW_MOBILE, '19801201', legacy))).toBe('C01');
  });

  it('answers MEMBER_MOBILE_IS_REPEAT for another member’s mobile and for the member’s own', async () => {
    await addMember(t, { mobile: '0922000111' });
    for (const mobile of ['0922000111', MEMBER.mobile]) {
      const response = await request(mobile);
      expect(response.json().rcrm).toEqual({ RC: 'MEMBER_MOBILE_IS_REPEAT', RM: RC_MESSAGES.MEMBER_MOBILE_IS_REPEAT });
    }
    expect(await outbox(t)).toHaveLength(0);
    expect(await pending()).toHaveLength(0);
  });

  it('answers PASSWORD_INCORRECT for a wrong password before looking at the mobile', async () => {
    await addMember(t, { mobile: '0922000111' });
    const response = await request('0922000111', 'wrong1234');
    expect(response.json().rcrm).toEqual({ RC: 'PASSWORD_INCORRECT', RM: RC_MESSAGES.PASSWORD_INCORRECT });
    expect(await outbox(t)).toHaveLength(0);
    expect(await pending()).toHaveLength(0);
  });

  it('counts wrong passwords with the login lockout: the fifth locks the account for 15 minutes', async () => {
    for (let i = 0; i < 3; i++) expect(await rcOf(loginAs(t, MEMBER.mobile, 'wrong1234'))).toBe('PASSWORD_INCORRECT');
    expect(await rcOf(request(NEW_MOBILE, 'wrong1234'))).toBe('PASSWORD_INCORRECT');
    const fifth = await request(NEW_MOBILE, 'wrong1234');
    expect(fifth.json().rcrm).toEqual({ RC: 'ACCOUNT_LOCKED', RM: RC_MESSAGES.ACCOUNT_LOCKED });
    expect(await rcOf(request())).toBe('ACCOUNT_LOCKED');
    expect(await rcOf(loginAs(t, MEMBER.mobile, MEMBER.password))).toBe('ACCOUNT_LOCKED');
    expect(await outbox(t)).toHaveLength(0);
    t.clock.advance(LIMITS.lockoutMs);
    expect(await rcOf(request())).toBe('C01');
  });

  it('clears the wrong-password count once the right password is given', async () => {
    for (let i = 0; i < 4; i++) expect(await rcOf(request(NEW_MOBILE, 'wrong1234'))).toBe('PASSWORD_INCORRECT');
    expect(await rcOf(request())).toBe('C01');
    expect(await rcOf(loginAs(t, MEMBER.mobile, 'wrong1234'))).toBe('PASSWORD_INCORRECT');
  });

  it('holds the new mobile to the send limits: 60 seconds apart, 3 in 24 hours', async () => {
    expect(await rcOf(request())).toBe('C01');
    const tooSoon = await request();
    expect(tooSoon.json().rcrm).toEqual({ RC: 'SMS_RESEND_TOO_SOON', RM: RC_MESSAGES.SMS_RESEND_TOO_SOON });
    for (let i = 0; i < 2; i++) {
      t.clock.advance(LIMITS.smsResendMs);
      expect(await rcOf(request())).toBe('C01');
    }
    t.clock.advance(LIMITS.smsResendMs);
    expect((await request()).json().rcrm).toEqual({ RC: 'SMS_SEND_LIMIT', RM: RC_MESSAGES.SMS_SEND_LIMIT });
    expect(await outbox(t, NEW_MOBILE)).toHaveLength(3);
    // Another new mobile has limits of its own.
    expect(await rcOf(request('0977888999'))).toBe('C01');
    expect((await pending())[0]?.newMobile).toBe('0977888999');
  });

  it('answers TOKEN_INVALID without a live member token and checks no password', async () => {
    for (const tk of [null, 'A'.repeat(43)])
      expect(await rcOf(request(NEW_MOBILE, 'wrong1234', tk))).toBe('TOKEN_INVALID');
    for (let i = 0; i < 4; i++) expect(await rcOf(request(NEW_MOBILE, 'wrong1234'))).toBe('PASSWORD_INCORRECT');
    expect(await rcOf(request())).toBe('C01');
  });

  it.each([
    ['a mobile sent in plain text', { mobile: NEW_MOBILE, password: enc(MEMBER.password) }],
    ['a 9-digit mobile', { mobile: enc('096655544'), password: enc(MEMBER.password) }],
    ['no password', { mobile: enc(NEW_MOBILE) }],
    ['an empty password', { mobile: enc(NEW_MOBILE), password: enc('') }],
    ['a password with symbols', { mobile: enc(NEW_MOBILE), password: enc('abc123!!') }],
  ])('refuses %s with PARAMETER_INVALID and changes nothing', async (_, params) => {
    const before = await tableContents(t.db);
    const response = await memberApi(t, 'update_member_mobile', token, params);
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
    expect(await tableContents(t.db)).toEqual(before);
  });
});
