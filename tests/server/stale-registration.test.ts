import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/config';
import { members, referrals } from '../../server/db/schema';
import { sweepStaleRegistrations } from '../../server/modules/members/service';
import { enc, postSigned, startTestApp, type TestApp } from './helpers/app';
import { addMember, loginAs } from './helpers/members';
import { resetPassword, verifiedForgotToken } from './helpers/password';
import { call, latestCode, rcOf, registerCall, registerVisitor, VISITOR } from './helpers/registration';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const names = async () => (await t.db.select({ name: members.name }).from(members)).map((row) => row.name).sort();
const checkMobile = (mobile: string) =>
  rcOf(postSigned(t, '/app-api/member/check_mobile', { request_parameter: { mobile: enc(mobile) } }));
const registerCheck = (mobile: string) =>
  rcOf(call(t, 'register_check', null, { mobile: enc(mobile), password: enc(VISITOR.password) }));
const expire = () => t.clock.advance(LIMITS.tempTokenMs);

describe('a registration never finished (no verify, no skip) whose temp token has expired', () => {
  it('holds the mobile while its temp token lives', async () => {
    await registerVisitor(t);
    t.clock.advance(LIMITS.tempTokenMs - 1_000);
    expect(await registerCheck(VISITOR.mobile)).toBe('MEMBER_MOBILE_IS_REPEAT');
    expect(await rcOf(registerCall(t, { name: '另一人' }))).toBe('MEMBER_MOBILE_IS_REPEAT');
  });

  it('stops holding the mobile: it can be registered again, and the stale row goes', async () => {
    const stale = await registerVisitor(t, { name: '佔用者' });
    expire();
    expect(await registerCheck(VISITOR.mobile)).toBe('C01');
    expect(await checkMobile(VISITOR.mobile)).toBe('C01');
    expect(await rcOf(loginAs(t, VISITOR.mobile, VISITOR.password))).toBe('MEMBER_IS_NOT_EXIST');
    t.clock.advance(LIMITS.smsResendMs);
    expect(await rcOf(registerCall(t, { name: '本人' }))).toBe('C01');
    expect(await names()).toEqual(['本人']);
    expect(await rcOf(call(t, 'register_skip_verify', stale))).toBe('TOKEN_INVALID');
  });

  it('loses nothing of anyone else: the inviter stays, only the stale invite record goes', async () => {
    const inviter = await addMember(t, { mobile: '0911000111', name: '邀請人' });
    await registerVisitor(t, { name: '佔用者', referrer_code: inviter.referralCode });
    expire();
    expect(await sweepStaleRegistrations(t.db, t.clock.now())).toBe(1);
    expect(await names()).toEqual(['邀請人']);
    expect(await t.db.select().from(referrals)).toEqual([]);
    expect(await rcOf(loginAs(t, '0911000111', 'abc12345'))).toBe('C01');
  });

  it('gives no invite code: a friend registering with it is told the code is wrong, not left an invite the sweep removes', async () => {
    await registerVisitor(t, { mobile: '0922000444', name: '佔用者' });
    const [stale] = await t.db.select().from(members).where(eq(members.mobile, '0922000444'));
    const code = stale?.referralCode as string;
    const asFriend = { mobile: '0922000555', name: '朋友', referrer_code: code };
    const inviteCheck = () =>
      rcOf(
        call(t, 'register_check', null, {
          mobile: enc('0922000555'),
          password: enc(VISITOR.password),
          referrer_code: code,
        }),
      );
    expect(await inviteCheck()).toBe('C01');
    expire();
    expect(await inviteCheck()).toBe('REFERRER_CODE_INVALID');
    expect(await rcOf(registerCall(t, asFriend))).toBe('REFERRER_CODE_INVALID');
    expect(await t.db.select().from(referrals)).toEqual([]);
    expect(await names()).toEqual(['佔用者']);
  });

  it('may be the mobile a registration moves to on step 3', async () => {
    await registerVisitor(t, { mobile: '0922000333', name: '佔用者' });
    expire();
    const token = await registerVisitor(t);
    expect(await rcOf(call(t, 'update_register_mobile', token, { mobile: enc('0922000333') }))).toBe('C01');
    expect(await names()).toEqual([VISITOR.name]);
  });
});

describe('registrations that are kept past 30 minutes', () => {
  it('keeps a verified registration, a skipped one, and one whose member signed in', async () => {
    const verified = await registerVisitor(t, { mobile: '0933000001', name: '驗證者' });
    await call(t, 'register_verify', verified, { verify_code: await latestCode(t, '0933000001') });
    const skipped = await registerVisitor(t, { mobile: '0933000002', name: '略過者' });
    await call(t, 'register_skip_verify', skipped);
    await registerVisitor(t, { mobile: '0933000003', name: '登入者' });
    expect(await rcOf(loginAs(t, '0933000003', VISITOR.password))).toBe('C01');
    expire();
    expect(await sweepStaleRegistrations(t.db, t.clock.now())).toBe(0);
    expect(await names()).toEqual(['略過者', '登入者', '驗證者'].sort());
    for (const mobile of ['0933000001', '0933000002', '0933000003']) {
      expect(await checkMobile(mobile)).toBe('MEMBER_MOBILE_IS_REPEAT');
    }
  });

  it('keeps one whose mobile’s owner set a new password by SMS, though they have not signed in since', async () => {
    // Someone registered the mobile and left before step 3; its owner recovers it by SMS.
    await registerVisitor(t, { mobile: '0933000004', name: '冒用者' });
    const temp = await verifiedForgotToken(t, '0933000004');
    expect(await rcOf(resetPassword(t, temp, 'mine2026'))).toBe('C01');
    expire();
    expect(await sweepStaleRegistrations(t.db, t.clock.now())).toBe(0);
    expect(await rcOf(loginAs(t, '0933000004', 'mine2026'))).toBe('C01');
    expect(await checkMobile('0933000004')).toBe('MEMBER_MOBILE_IS_REPEAT');
  });

  it('never touches imported or existing members', async () => {
    await addMember(t, { mobile: '0944000001' });
    t.clock.advance(365 * 24 * 60 * 60_000);
    expect(await sweepStaleRegistrations(t.db, t.clock.now())).toBe(0);
    const [row] = await t.db.select().from(members).where(eq(members.mobile, '0944000001'));
    expect(row?.registrationExpiresAt).toBeNull();
  });
});
