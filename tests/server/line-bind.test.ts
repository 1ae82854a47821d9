import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import { identityBindings, memberAuditEvents } from '../../server/db/schema';
import { verifyToken } from '../../server/modules/tokens/service';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { bindData, type FakeLine, lineUserId, startFakeLine } from './helpers/fake-line';
import { addMember, MEMBER, memberToken } from './helpers/members';

let line: FakeLine;
let t: TestApp;

beforeAll(async () => {
  line = await startFakeLine();
  t = await startTestApp({ env: { LINE_API_BASE: line.url } });
  line.token('line-a', { kind: 'valid', userId: lineUserId(0xa) });
  line.token('line-b', { kind: 'valid', userId: lineUserId(0xb) });
  line.token('expired', { kind: 'expired' });
});
afterAll(async () => {
  await t.close();
  await line.close();
});
beforeEach(async () => {
  await t.reset();
  line.requests.length = 0;
});

const OTHER = { mobile: '0922333444', password: 'xyz98765', name: '陳大文' } as const;

const bind = (memberAccessToken: string | null, lineToken: string) =>
  postSigned(t, '/api/member/bind_third_party', { token: memberAccessToken, request_parameter: bindData(lineToken) });
const bindRc = async (memberAccessToken: string | null, lineToken: string) =>
  (await bind(memberAccessToken, lineToken)).json().rcrm.RC;
const lineLogin = (lineToken: string) =>
  postSigned(t, '/app-api/member/login_with_provider', { request_parameter: bindData(lineToken) });

describe('POST /api/member/bind_third_party', () => {
  it('binds a member who has just logged in with the password; LINE login then signs that member in', async () => {
    const member = await addMember(t);
    expect((await lineLogin('line-a')).json().rcrm.RC).toBe('LINE_NOT_BOUND');

    const response = await bind(await memberToken(t), 'line-a');
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });

    const signedIn = await lineLogin('line-a');
    expect(signedIn.json().rcrm.RC).toBe('C01');
    const live = await verifyToken(
      t.db,
      signedIn.json().results.member_access_token,
      { kind: 'member' },
      t.clock.now(),
    );
    expect(live?.memberId).toBe(member.id);
  });

  it('records the binding in the audit trail with the LINE user and the client address', async () => {
    const member = await addMember(t);
    await bind(await memberToken(t), 'line-a');
    const events = await t.db.select().from(memberAuditEvents).where(eq(memberAuditEvents.memberId, member.id));
    expect(events).toEqual([
      expect.objectContaining({
        eventType: 'line_bind',
        detail: { provider: 'line', line_user_id: lineUserId(0xa), via: 'bind' },
        clientAddress: '127.0.0.1',
        occurredAt: t.clock.now(),
      }),
    ]);
  });

  it('answers C01 for the same member and LINE user again, and records nothing more', async () => {
    await addMember(t);
    const token = await memberToken(t);
    expect(await bindRc(token, 'line-a')).toBe('C01');
    expect(await bindRc(token, 'line-a')).toBe('C01');
    expect(await t.db.select().from(identityBindings)).toHaveLength(1);
    expect(await t.db.select().from(memberAuditEvents)).toHaveLength(1);
  });

  it('refuses a LINE user already bound to another member (LINE_ALREADY_BOUND)', async () => {
    await addMember(t);
    await addMember(t, OTHER);
    expect(await bindRc(await memberToken(t), 'line-a')).toBe('C01');
    const response = await bind(await memberToken(t, OTHER.mobile, OTHER.password), 'line-a');
    expect(response.json().rcrm).toEqual({ RC: 'LINE_ALREADY_BOUND', RM: RC_MESSAGES.LINE_ALREADY_BOUND });
    expect(await t.db.select().from(identityBindings)).toHaveLength(1);
    expect(await t.db.select().from(memberAuditEvents)).toHaveLength(1);
  });

  it('refuses a second LINE user for a member already bound (LINE_ALREADY_BOUND)', async () => {
    const member = await addMember(t);
    const token = await memberToken(t);
    expect(await bindRc(token, 'line-a')).toBe('C01');
    expect(await bindRc(token, 'line-b')).toBe('LINE_ALREADY_BOUND');
    const bindings = await t.db.select().from(identityBindings);
    expect(bindings).toEqual([expect.objectContaining({ memberId: member.id, providerUserId: lineUserId(0xa) })]);
    expect((await lineLogin('line-b')).json().rcrm.RC).toBe('LINE_NOT_BOUND');
  });

  it('lets exactly one of two members racing for one LINE user win', async () => {
    await addMember(t);
    await addMember(t, OTHER);
    const tokens = [await memberToken(t), await memberToken(t, OTHER.mobile, OTHER.password)];
    const answers = await Promise.all(tokens.map((token) => bindRc(token, 'line-a')));
    expect(answers.sort()).toEqual(['C01', 'LINE_ALREADY_BOUND']);
    expect(await t.db.select().from(identityBindings)).toHaveLength(1);
  });

  it('needs a password login from the last 10 minutes: an older member token is TOKEN_INVALID', async () => {
    await addMember(t);
    const token = await memberToken(t);
    t.clock.advance(LIMITS.lineBindLoginMs + 1_000);
    expect(await bindRc(token, 'line-a')).toBe('TOKEN_INVALID');
    expect(line.requests).toEqual([]);
    expect(await bindRc(await memberToken(t), 'line-a')).toBe('C01');
  });

  it.each([
    ['no member token', null],
    ['an unknown member token', 'x'.repeat(43)],
  ])('answers TOKEN_INVALID with %s, without asking LINE', async (_, token) => {
    expect(await bindRc(token, 'line-a')).toBe('TOKEN_INVALID');
    expect(line.requests).toEqual([]);
  });

  it('refuses a LINE token LINE refuses (LINE_TOKEN_INVALID) and binds nothing', async () => {
    await addMember(t);
    expect(await bindRc(await memberToken(t, MEMBER.mobile, MEMBER.password), 'expired')).toBe('LINE_TOKEN_INVALID');
    expect(await t.db.select().from(identityBindings)).toEqual([]);
    expect(await t.db.select().from(memberAuditEvents)).toEqual([]);
  });
});
