import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import { memberAuditEvents, pendingMobileChanges } from '../../server/db/schema';
import type { Member } from '../../server/modules/members/service';
import { startTestApp, type TestApp } from './helpers/app';
import { addMember, loginAs, MEMBER, memberToken } from './helpers/members';
import { changePassword } from './helpers/password';
import { memberApi, memberRow, NEW_MOBILE, requestMobileChange } from './helpers/profile';
import { latestCode, outbox, registerVisitor, wrongCode } from './helpers/registration';

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
  expect((await requestMobileChange(t, token)).json().rcrm.RC).toBe('C01');
});

const confirm = (code: string, tk: string | null = token) => memberApi(t, 'member_verify', tk, { verify_code: code });
const resend = (tk: string | null = token) => memberApi(t, 'resend_member_verify', tk);
const rcOf = async (response: ReturnType<typeof confirm>) => (await response).json().rcrm.RC;
const auditRows = () => t.db.select().from(memberAuditEvents);
const pending = () => t.db.select().from(pendingMobileChanges).where(eq(pendingMobileChanges.memberId, member.id));

/** The account did not move: old mobile still signs in, the new one is nobody's. */
async function expectUnmoved() {
  expect((await memberRow(t, member.id)).mobile).toBe(MEMBER.mobile);
  expect(await rcOf(loginAs(t, MEMBER.mobile, MEMBER.password))).toBe('C01');
  expect(await auditRows()).toHaveLength(0);
  expect(await outbox(t, MEMBER.mobile)).toHaveLength(0);
}

describe('POST /api/member/member_verify', () => {
  it('moves the account to the new mobile, verified, and the old mobile no longer signs in', async () => {
    const response = await confirm(await latestCode(t, NEW_MOBILE));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });
    const row = await memberRow(t, member.id);
    expect(row).toMatchObject({ mobile: NEW_MOBILE, isVerified: true, name: MEMBER.name });
    expect(await rcOf(loginAs(t, MEMBER.mobile, MEMBER.password))).toBe('MEMBER_IS_NOT_EXIST');
    expect(await rcOf(loginAs(t, NEW_MOBILE, MEMBER.password))).toBe('C01');
    const profile = (await memberApi(t, 'get_member_profile', token)).json().results.member_profile;
    expect(profile).toMatchObject({ mobile: NEW_MOBILE, is_verified: true, referral_code: member.referralCode });
    expect(await pending()).toHaveLength(0);
  });

  it('writes the audit row: member, old and new mobile, when, and the client address', async () => {
    // Without TRUST_PROXY a forwarded address is the client's say-so and is not believed.
    const code = await latestCode(t, NEW_MOBILE);
    await memberApi(t, 'member_verify', token, { verify_code: code }, { 'x-forwarded-for': '203.0.113.9' });
    expect(await auditRows()).toEqual([
      {
        id: 1,
        memberId: member.id,
        eventType: 'mobile_change',
        oldMobile: MEMBER.mobile,
        newMobile: NEW_MOBILE,
        detail: null,
        clientAddress: '127.0.0.1',
        occurredAt: t.clock.now(),
      },
    ]);
  });

  it('tells the old mobile by SMS that the account moved, with the new mobile masked', async () => {
    await confirm(await latestCode(t, NEW_MOBILE));
    const messages = await outbox(t, MEMBER.mobile);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: MEMBER.mobile, purpose: 'mobile_changed_notice' });
    expect(messages[0]?.text).toBe(
      '【會員中心】您的會員帳號手機號碼已於 2025/03/01 10:00 變更為 0966-***-444，此號碼將無法再登入會員帳號。若非本人操作，請立即聯繫客服。',
    );
  });

  it('answers VERIFY_CODE_INCORRECT for a wrong code, moves nothing, and kills the code at the fifth', async () => {
    const code = await latestCode(t, NEW_MOBILE);
    for (let i = 1; i < LIMITS.verifyCodeMaxAttempts; i++) {
      expect((await confirm(wrongCode(code))).json().rcrm).toEqual({
        RC: 'VERIFY_CODE_INCORRECT',
        RM: RC_MESSAGES.VERIFY_CODE_INCORRECT,
      });
    }
    expect(await rcOf(confirm(wrongCode(code)))).toBe('VERIFY_CODE_TOO_MANY_ATTEMPTS');
    expect(await rcOf(confirm(code))).toBe('VERIFY_CODE_TOO_MANY_ATTEMPTS');
    await expectUnmoved();
    // A resent code starts afresh.
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rcOf(resend())).toBe('C01');
    expect(await rcOf(confirm(await latestCode(t, NEW_MOBILE)))).toBe('C01');
  });

  it('answers VERIFY_CODE_EXPIRED once the code is 10 minutes old', async () => {
    const code = await latestCode(t, NEW_MOBILE);
    t.clock.advance(LIMITS.verifyCodeMs);
    expect((await confirm(code)).json().rcrm).toEqual({
      RC: 'VERIFY_CODE_EXPIRED',
      RM: RC_MESSAGES.VERIFY_CODE_EXPIRED,
    });
    await expectUnmoved();
  });

  it('answers MOBILE_CHANGE_EXPIRED without a pending change, or 30 minutes after it was asked for', async () => {
    const code = await latestCode(t, NEW_MOBILE);
    await t.db.delete(pendingMobileChanges);
    expect((await confirm(code)).json().rcrm).toEqual({
      RC: 'MOBILE_CHANGE_EXPIRED',
      RM: '手機號碼變更申請已失效，請重新輸入新手機號碼',
    });
    t.clock.advance(LIMITS.smsResendMs);
    expect((await requestMobileChange(t, token)).json().rcrm.RC).toBe('C01');
    t.clock.advance(LIMITS.mobileChangeMs);
    expect(await rcOf(confirm(await latestCode(t, NEW_MOBILE)))).toBe('MOBILE_CHANGE_EXPIRED');
    await expectUnmoved();
  });

  it('answers MEMBER_MOBILE_IS_REPEAT when someone registered the new mobile since, and the request ends', async () => {
    await registerVisitor(t, { mobile: NEW_MOBILE });
    const code = (await outbox(t, NEW_MOBILE)).find((m) => m.purpose === 'mobile_change')?.text.match(/\d{6}/)?.[0];
    expect(code).toBeDefined();
    const response = await confirm(code as string);
    expect(response.json().rcrm).toEqual({ RC: 'MEMBER_MOBILE_IS_REPEAT', RM: RC_MESSAGES.MEMBER_MOBILE_IS_REPEAT });
    await expectUnmoved();
    expect(await pending()).toHaveLength(0);
    expect(await rcOf(resend())).toBe('MOBILE_CHANGE_EXPIRED');
  });

  it('answers MEMBER_MOBILE_IS_REPEAT when another member moved to the mobile first', async () => {
    const other = await addMember(t, { mobile: '0922000111' });
    const otherToken = await memberToken(t, other.mobile);
    t.clock.advance(LIMITS.smsResendMs);
    expect((await requestMobileChange(t, otherToken)).json().rcrm.RC).toBe('C01');
    expect(await rcOf(confirm(await latestCode(t, NEW_MOBILE), otherToken))).toBe('C01');
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rcOf(resend())).toBe('MEMBER_MOBILE_IS_REPEAT');
    expect((await memberRow(t, member.id)).mobile).toBe(MEMBER.mobile);
  });

  it('takes only the code of the newest request', async () => {
    const first = await latestCode(t, NEW_MOBILE);
    t.clock.advance(LIMITS.smsResendMs);
    expect((await requestMobileChange(t, token, '0977888999')).json().rcrm.RC).toBe('C01');
    const second = await latestCode(t, '0977888999');
    if (first !== second) expect(await rcOf(confirm(first))).toBe('VERIFY_CODE_INCORRECT');
    expect(await rcOf(confirm(second))).toBe('C01');
    expect((await memberRow(t, member.id)).mobile).toBe('0977888999');
  });

  it('takes the code on its way when the request is made again within the minute (decision 0028)', async () => {
    const code = await latestCode(t, NEW_MOBILE);
    expect(await rcOf(requestMobileChange(t, token))).toBe('SMS_RESEND_TOO_SOON');
    expect(await rcOf(confirm(code))).toBe('C01');
  });

  it('lets only one of two confirmations sent together move the account', async () => {
    const code = await latestCode(t, NEW_MOBILE);
    const answers = await Promise.all([confirm(code), confirm(code)]);
    expect(answers.map((r) => r.json().rcrm.RC).sort()).toEqual(['C01', 'MOBILE_CHANGE_EXPIRED']);
    expect(await auditRows()).toHaveLength(1);
    expect(await outbox(t, MEMBER.mobile)).toHaveLength(1);
  });

  it('answers TOKEN_INVALID without a live member token and moves nothing', async () => {
    const code = await latestCode(t, NEW_MOBILE);
    for (const tk of [null, 'A'.repeat(43)]) expect(await rcOf(confirm(code, tk))).toBe('TOKEN_INVALID');
    await expectUnmoved();
  });

  it.each([
    ['no code', {}],
    ['a 7-digit code', { verify_code: '1234567' }],
  ])('refuses %s with PARAMETER_INVALID', async (_, params) => {
    const response = await memberApi(t, 'member_verify', token, params);
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
    await expectUnmoved();
  });
});

describe('two members waiting to move to the same mobile', () => {
  let other: Member;
  let otherToken: string;
  let mine: string;
  let theirs: string;

  // The member asked first (beforeEach); another member asks for the same new mobile a minute later.
  beforeEach(async () => {
    other = await addMember(t, { mobile: '0922000111' });
    otherToken = await memberToken(t, other.mobile);
    t.clock.advance(LIMITS.smsResendMs);
    expect((await requestMobileChange(t, otherToken)).json().rcrm.RC).toBe('C01');
    const [theirMessage, myMessage] = await outbox(t, NEW_MOBILE);
    theirs = theirMessage?.text.match(/\d{6}/)?.[0] ?? '';
    mine = myMessage?.text.match(/\d{6}/)?.[0] ?? '';
    expect([mine, theirs]).toEqual([expect.stringMatching(/^\d{6}$/), expect.stringMatching(/^\d{6}$/)]);
  });

  it('keeps each request on its own code: the later request does not void the earlier one’s', async () => {
    if (mine !== theirs) expect(await rcOf(confirm(theirs))).toBe('VERIFY_CODE_INCORRECT');
    expect(await rcOf(confirm(mine))).toBe('C01');
    expect((await memberRow(t, member.id)).mobile).toBe(NEW_MOBILE);
    expect(await rcOf(confirm(theirs, otherToken))).toBe('MEMBER_MOBILE_IS_REPEAT');
    expect((await memberRow(t, other.id)).mobile).toBe(other.mobile);
  });

  it('moves one of the two when both confirm at once, on two app instances; the other is told the mobile is taken', async () => {
    const second = await startTestApp({ shareDatabaseWith: t });
    try {
      const answers = await Promise.all([
        rcOf(confirm(mine)),
        rcOf(memberApi(second, 'member_verify', otherToken, { verify_code: theirs })),
      ]);
      expect([...answers].sort()).toEqual(['C01', 'MEMBER_MOBILE_IS_REPEAT']);
      const mobiles = [(await memberRow(t, member.id)).mobile, (await memberRow(t, other.id)).mobile];
      expect(mobiles.filter((mobile) => mobile === NEW_MOBILE)).toHaveLength(1);
      expect(await auditRows()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('counts one member’s wrong codes against their own code only', async () => {
    for (let i = 0; i < LIMITS.verifyCodeMaxAttempts; i++) await confirm(wrongCode(mine === theirs ? mine : theirs));
    expect(await rcOf(confirm(mine))).toBe('VERIFY_CODE_TOO_MANY_ATTEMPTS');
    expect(await rcOf(confirm(theirs, otherToken))).toBe('C01');
    expect((await memberRow(t, other.id)).mobile).toBe(NEW_MOBILE);
    expect((await memberRow(t, member.id)).mobile).toBe(MEMBER.mobile);
  });
});

describe('one member, two phones: a request is the session’s that made it', () => {
  // The member asked on the phone (beforeEach), then asks on the desktop for another mobile: the
  // desktop's request replaces the phone's. The phone still shows the first mobile; its code and
  // its resend must not reach the desktop's request.
  const DESKTOP_MOBILE = '0977888999';
  let desktop: string;
  beforeEach(async () => {
    desktop = await memberToken(t);
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rcOf(requestMobileChange(t, desktop, DESKTOP_MOBILE))).toBe('C01');
  });

  it('the phone’s confirm is told its request has ended, and spends none of the desktop code’s tries', async () => {
    for (let i = 0; i < LIMITS.verifyCodeMaxAttempts; i++) {
      expect(await rcOf(confirm(await latestCode(t, NEW_MOBILE)))).toBe('MOBILE_CHANGE_EXPIRED');
    }
    expect(await rcOf(confirm(await latestCode(t, DESKTOP_MOBILE), desktop))).toBe('C01');
    expect((await memberRow(t, member.id)).mobile).toBe(DESKTOP_MOBILE);
  });

  it('the phone’s resend is told its request has ended, and texts no one', async () => {
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rcOf(resend())).toBe('MOBILE_CHANGE_EXPIRED');
    expect(await outbox(t, DESKTOP_MOBILE)).toHaveLength(1);
    expect(await outbox(t, NEW_MOBILE)).toHaveLength(1);
  });

  it('the phone asking again for the desktop’s mobile within the minute takes the code on its way there', async () => {
    expect(await rcOf(requestMobileChange(t, token, DESKTOP_MOBILE))).toBe('SMS_RESEND_TOO_SOON');
    expect(await rcOf(confirm(await latestCode(t, DESKTOP_MOBILE)))).toBe('C01');
    expect((await memberRow(t, member.id)).mobile).toBe(DESKTOP_MOBILE);
    expect(await outbox(t, DESKTOP_MOBILE)).toHaveLength(1);
  });

  it('the phone that asks again makes its own request the one in force', async () => {
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rcOf(requestMobileChange(t, token, '0966555444'))).toBe('C01');
    expect(await rcOf(confirm(await latestCode(t, DESKTOP_MOBILE), desktop))).toBe('MOBILE_CHANGE_EXPIRED');
    expect(await rcOf(confirm(await latestCode(t, '0966555444')))).toBe('C01');
  });
});

describe('a request whose session has ended is the member’s next session’s (decision 0022)', () => {
  // The phone asked (beforeEach); the desktop changed the password, which ended the phone's
  // session. The member signs in again on the phone and is brought back to the code screen.
  const NEW_PASSWORD = 'new12345';
  const changePasswordElsewhere = async () => {
    const desktop = await memberToken(t);
    expect((await changePassword(t, desktop, MEMBER.password, NEW_PASSWORD)).json().rcrm.RC).toBe('C01');
  };

  it('the code in hand confirms it from the session signed in again', async () => {
    await changePasswordElsewhere();
    expect(await rcOf(confirm(await latestCode(t, NEW_MOBILE)))).toBe('TOKEN_INVALID');
    const again = await memberToken(t, MEMBER.mobile, NEW_PASSWORD);
    expect(await rcOf(confirm(await latestCode(t, NEW_MOBILE), again))).toBe('C01');
    expect((await memberRow(t, member.id)).mobile).toBe(NEW_MOBILE);
  });

  it('a resend from the session signed in again texts the new mobile', async () => {
    await changePasswordElsewhere();
    const again = await memberToken(t, MEMBER.mobile, NEW_PASSWORD);
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rcOf(resend(again))).toBe('C01');
    expect(await outbox(t, NEW_MOBILE)).toHaveLength(2);
  });

  it('stays the asking session’s while that session lives', async () => {
    const other = await memberToken(t);
    expect(await rcOf(confirm(await latestCode(t, NEW_MOBILE), other))).toBe('MOBILE_CHANGE_EXPIRED');
  });
});

describe('POST /api/member/resend_member_verify', () => {
  it('texts a new code to the pending new mobile once 60 seconds have passed', async () => {
    expect((await resend()).json().rcrm).toEqual({ RC: 'SMS_RESEND_TOO_SOON', RM: RC_MESSAGES.SMS_RESEND_TOO_SOON });
    t.clock.advance(LIMITS.smsResendMs);
    const response = await resend();
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });
    const messages = await outbox(t, NEW_MOBILE);
    expect(messages).toHaveLength(2);
    expect(messages[0]?.purpose).toBe('mobile_change');
    expect(await outbox(t, MEMBER.mobile)).toHaveLength(0);
  });

  it('takes only the newest code of the request once a new one is sent', async () => {
    const first = await latestCode(t, NEW_MOBILE);
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rcOf(resend())).toBe('C01');
    const second = await latestCode(t, NEW_MOBILE);
    if (first !== second) expect(await rcOf(confirm(first))).toBe('VERIFY_CODE_INCORRECT');
    expect(await rcOf(confirm(second))).toBe('C01');
  });

  it('counts the request’s own send: at most 3 codes in 24 hours', async () => {
    for (let i = 0; i < 2; i++) {
      t.clock.advance(LIMITS.smsResendMs);
      expect(await rcOf(resend())).toBe('C01');
    }
    t.clock.advance(LIMITS.smsResendMs);
    expect((await resend()).json().rcrm).toEqual({ RC: 'SMS_SEND_LIMIT', RM: RC_MESSAGES.SMS_SEND_LIMIT });
  });

  it('keeps the request open for 30 minutes from the last send', async () => {
    t.clock.advance(LIMITS.mobileChangeMs - LIMITS.smsResendMs);
    expect(await rcOf(resend())).toBe('C01');
    t.clock.advance(LIMITS.verifyCodeMs - 1000);
    expect(await rcOf(confirm(await latestCode(t, NEW_MOBILE)))).toBe('C01');
  });

  it('answers MOBILE_CHANGE_EXPIRED when there is no live request', async () => {
    await t.db.delete(pendingMobileChanges);
    expect((await resend()).json().rcrm.RC).toBe('MOBILE_CHANGE_EXPIRED');
    expect(await outbox(t, NEW_MOBILE)).toHaveLength(1);
  });

  it('answers TOKEN_INVALID without a live member token', async () => {
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rcOf(resend(null))).toBe('TOKEN_INVALID');
    expect(await outbox(t, NEW_MOBILE)).toHaveLength(1);
  });
});
