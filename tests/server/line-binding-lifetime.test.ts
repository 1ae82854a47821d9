import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/config';
import { identityBindings, memberAuditEvents, members } from '../../server/db/schema';
import { sweepStaleRegistrations } from '../../server/modules/members/service';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { bindData, type FakeLine, lineUserId, startFakeLine } from './helpers/fake-line';
import { addMember, MEMBER, memberToken } from './helpers/members';
import { changePassword, rc, redirectLocation, resetPassword, verifiedForgotToken } from './helpers/password';
import { call, registerCall, VISITOR } from './helpers/registration';

let line: FakeLine;
let t: TestApp;

beforeAll(async () => {
  line = await startFakeLine();
  t = await startTestApp({ env: { LINE_API_BASE: line.url } });
});
afterAll(async () => {
  await t.close();
  await line.close();
});
beforeEach(async () => {
  await t.reset();
  line.token('member-line', { kind: 'valid', userId: lineUserId(1) });
  line.token('intruder-line', { kind: 'valid', userId: lineUserId(2) });
});

const lineLogin = (lineToken: string) =>
  rc(postSigned(t, '/app-api/member/login_with_provider', { request_parameter: bindData(lineToken) }));

/** Binds the LINE token's user to the member of the password, as the bind screen does. */
async function bindLine(lineToken: string, mobile: string = MEMBER.mobile, password: string = MEMBER.password) {
  const token = await memberToken(t, mobile, password);
  expect(
    await rc(postSigned(t, '/api/member/bind_third_party', { token, request_parameter: bindData(lineToken) })),
  ).toBe('C01');
  return token;
}

const unbindEvents = () => t.db.select().from(memberAuditEvents).where(eq(memberAuditEvents.eventType, 'line_unbind'));

describe('a LINE binding was made with the password, and ends with it', () => {
  it('ends when the password is reset: LINE login no longer signs in, the unbinding is on record, and binding again works', async () => {
    const member = await addMember(t);
    await bindLine('member-line');
    expect(await lineLogin('member-line')).toBe('C01');

    const temp = await verifiedForgotToken(t, MEMBER.mobile);
    expect(await rc(resetPassword(t, temp, 'fresh2026'))).toBe('C01');

    expect(await lineLogin('member-line')).toBe('LINE_NOT_BOUND');
    expect(await t.db.select().from(identityBindings)).toEqual([]);
    expect(await unbindEvents()).toEqual([
      expect.objectContaining({
        memberId: member.id,
        detail: { provider: 'line', line_user_id: lineUserId(1), because: 'password_reset' },
      }),
    ]);
    await bindLine('member-line', MEMBER.mobile, 'fresh2026');
    expect(await lineLogin('member-line')).toBe('C01');
  });

  it('ends when the password is changed, while the session that changed it stays', async () => {
    await addMember(t);
    const session = await bindLine('member-line');
    expect(await rc(changePassword(t, session, MEMBER.password, 'fresh2026'))).toBe('C01');
    expect(await lineLogin('member-line')).toBe('LINE_NOT_BOUND');
    expect(await rc(redirectLocation(t, session))).toBe('C01');
    expect((await unbindEvents())[0]?.detail).toMatchObject({ because: 'password_change' });
  });

  it('leaves a refused change or reset with the binding, and writes nothing about it', async () => {
    await addMember(t);
    const session = await bindLine('member-line');
    expect(await rc(changePassword(t, session, 'wrong999', 'fresh2026'))).toBe('PASSWORD_INCORRECT');
    expect(await rc(resetPassword(t, 'A'.repeat(43), 'fresh2026'))).toBe('TOKEN_INVALID');
    expect(await lineLogin('member-line')).toBe('C01');
    expect(await unbindEvents()).toEqual([]);
  });

  it('changes nothing else for a member who never bound LINE', async () => {
    await addMember(t);
    const temp = await verifiedForgotToken(t, MEMBER.mobile);
    expect(await rc(resetPassword(t, temp, 'fresh2026'))).toBe('C01');
    expect(await unbindEvents()).toEqual([]);
  });

  it('gives a mobile’s owner back an account that someone registered with it and their own LINE', async () => {
    // Someone registers a mobile that is not theirs, with their LINE, and skips the SMS check.
    const registered = await registerCall(t, {}, { bind_third_party: bindData('intruder-line') });
    expect(await rc(call(t, 'register_skip_verify', registered.json().results.temp_access_token))).toBe('C01');
    expect(await lineLogin('intruder-line')).toBe('C01');

    // The mobile's owner cannot register it, so recovers it by SMS.
    expect(await rc(registerCall(t))).toBe('MEMBER_MOBILE_IS_REPEAT');
    const temp = await verifiedForgotToken(t, VISITOR.mobile);
    expect(await rc(resetPassword(t, temp, 'mine2026'))).toBe('C01');

    expect(await lineLogin('intruder-line')).toBe('LINE_NOT_BOUND');
    await bindLine('member-line', VISITOR.mobile, 'mine2026');
    expect(await lineLogin('member-line')).toBe('C01');
  });
});

describe('LINE login of a registration left before step 3', () => {
  const registerWithLine = async () => {
    const response = await registerCall(t, {}, { bind_third_party: bindData('member-line') });
    expect(response.json().rcrm.RC).toBe('C01');
    const [member] = await t.db.select().from(members).where(eq(members.mobile, VISITOR.mobile));
    return member;
  };

  it('lets the registration stand, as a password login does', async () => {
    const member = await registerWithLine();
    expect(member?.registrationExpiresAt).not.toBeNull();
    expect(await lineLogin('member-line')).toBe('C01');
    const [after] = await t.db
      .select()
      .from(members)
      .where(eq(members.id, member?.id ?? ''));
    expect(after?.registrationExpiresAt).toBeNull();
    t.clock.advance(LIMITS.tempTokenMs + 1);
    expect(await lineLogin('member-line')).toBe('C01');
    expect(await rc(registerCall(t))).toBe('MEMBER_MOBILE_IS_REPEAT');
  });

  it('signs no one in once the registration has lapsed, which holds the mobile no longer', async () => {
    await registerWithLine();
    t.clock.advance(LIMITS.tempTokenMs + 1);
    expect(await lineLogin('member-line')).toBe('LINE_NOT_BOUND');
    expect(await rc(registerCall(t))).toBe('C01');
  });

  // A visitor who never became a member leaves no trace of their LINE user or their address.
  it('keeps no record of its LINE binding once it has lapsed and gone, by the sweep or by the mobile taken again', async () => {
    const lineUsersOnRecord = async () =>
      (await t.db.select().from(memberAuditEvents)).map((event) => JSON.stringify(event.detail));
    await registerWithLine();
    expect(await lineUsersOnRecord()).toEqual([expect.stringContaining(lineUserId(1))]);
    t.clock.advance(LIMITS.tempTokenMs + 1);
    expect(await sweepStaleRegistrations(t.db, t.clock.now())).toBe(1);
    expect(await lineUsersOnRecord()).toEqual([]);

    await registerWithLine();
    t.clock.advance(LIMITS.tempTokenMs + LIMITS.smsResendMs);
    expect(await rc(registerCall(t, { name: '本人' }))).toBe('C01');
    expect(await lineUsersOnRecord()).toEqual([]);
  });
});
