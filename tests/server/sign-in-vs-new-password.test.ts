import { and, eq, isNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { members, memberTokens } from '../../server/db/schema';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { bindData, type FakeLine, lineUserId, startFakeLine } from './helpers/fake-line';
import { oneHold, untilAStatementWaitsOnALock } from './helpers/holds';
import { addMember, loginAs, MEMBER, memberToken } from './helpers/members';
import { changePassword, rc, resetPassword, verifiedForgotToken } from './helpers/password';
import { memberApi } from './helpers/profile';

// A sign-in judges the password (argon2: tens of milliseconds) or the LINE binding, then issues
// its token. A password change or reset ends every session and every LINE binding: one that
// lands between the judgement and the issue must not leave a session the old password opened.
// Every issue of a token goes through here, so a test can hold a sign-in just before it.
let beforeIssue: (() => Promise<void>) | null = null;
vi.mock('../../server/modules/tokens/service', async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown>>();
  const held = (name: string) => {
    const issue = real[name] as (...args: unknown[]) => Promise<unknown>;
    return async (...args: unknown[]) => {
      const hold = beforeIssue;
      beforeIssue = null;
      await hold?.();
      return issue(...args);
    };
  };
  return { ...real, issueToken: held('issueToken'), issueSignInToken: held('issueSignInToken') };
});

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres)
  console.log(
    'The sign-in that waits for a new password being written is tested on PostgreSQL only (CI sets DATABASE_URL).',
  );

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
  beforeIssue = null;
  await t.reset();
  await addMember(t);
  line.token('member-line', { kind: 'valid', userId: lineUserId(1) });
});

/** Holds the next issue of a token until `release`; `held` resolves once a sign-in waits there. */
function holdTheNextIssue(): { held: Promise<void>; release: () => void } {
  const hold = oneHold();
  beforeIssue = hold.wait;
  return hold;
}

const liveTokens = () =>
  t.db
    .select({ id: memberTokens.id })
    .from(memberTokens)
    .where(and(eq(memberTokens.kind, 'member'), isNull(memberTokens.revokedAt)));

const lineLogin = () =>
  rc(postSigned(t, '/app-api/member/login_with_provider', { request_parameter: bindData('member-line') }));

describe('a new password that lands while a sign-in is being judged', () => {
  it('a reset: the login with the old password opens no session', async () => {
    const temp = await verifiedForgotToken(t, MEMBER.mobile);
    const hold = holdTheNextIssue();
    const signingIn = loginAs(t, MEMBER.mobile, MEMBER.password);
    await hold.held;

    expect(await rc(resetPassword(t, temp, 'fresh2026'))).toBe('C01');
    hold.release();

    expect((await signingIn).json().rcrm.RC).toBe('PASSWORD_INCORRECT');
    expect(await liveTokens()).toEqual([]);
    expect(await rc(loginAs(t, MEMBER.mobile, 'fresh2026'))).toBe('C01');
  });

  it('a change from another session: the login with the old password opens no session beside it', async () => {
    const session = await memberToken(t);
    const hold = holdTheNextIssue();
    const signingIn = loginAs(t, MEMBER.mobile, MEMBER.password);
    await hold.held;

    expect(await rc(changePassword(t, session, MEMBER.password, 'fresh2026'))).toBe('C01');
    hold.release();

    expect((await signingIn).json().rcrm.RC).toBe('PASSWORD_INCORRECT');
    expect(await liveTokens()).toHaveLength(1);
  });

  it('a change: the LINE login judged by the binding it ends opens no session', async () => {
    const session = await memberToken(t);
    expect(
      await rc(
        postSigned(t, '/api/member/bind_third_party', { token: session, request_parameter: bindData('member-line') }),
      ),
    ).toBe('C01');
    const hold = holdTheNextIssue();
    const signingIn = lineLogin();
    await hold.held;

    expect(await rc(changePassword(t, session, MEMBER.password, 'fresh2026'))).toBe('C01');
    hold.release();

    expect(await signingIn).toBe('LINE_NOT_BOUND');
    expect(await liveTokens()).toHaveLength(1);
  });
});

describe('a new password being written when the sign-in issues its token', () => {
  // Only PostgreSQL lets the sign-in's statement reach the member's row while another
  // transaction holds it; PGlite runs one statement at a time.
  it.skipIf(!onPostgres)('the issue waits for it, then opens no session', async () => {
    const url = t.testDatabase.url;
    if (!url) throw new Error('no PostgreSQL database');
    const [member] = await t.db.select({ id: members.id }).from(members);
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    try {
      // A change's own transaction: the member's row locked and its new hash written, not yet committed.
      await writer.query('begin');
      await writer.query("update members set password_hash = 'a-new-hash' where id = $1", [member?.id]);
      const signingIn = loginAs(t, MEMBER.mobile, MEMBER.password);
      await untilAStatementWaitsOnALock(url);
      await writer.query('commit');

      expect((await signingIn).json().rcrm.RC).toBe('PASSWORD_INCORRECT');
      expect(await liveTokens()).toEqual([]);
    } finally {
      await writer.end();
    }
  });
});

describe('a session a new password is ending, used for a change to the member at that moment', () => {
  it.skipIf(!onPostgres)('waits for the new password, then is refused: the change is not made', async () => {
    const url = t.testDatabase.url;
    if (!url) throw new Error('no PostgreSQL database');
    const session = await memberToken(t);
    const [member] = await t.db.select({ id: members.id, name: members.name }).from(members);
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    try {
      // As a password change does: the member's row first, then every session of the member ended.
      await writer.query('begin');
      await writer.query('select id from members where id = $1 for update', [member?.id]);
      await writer.query('update member_tokens set revoked_at = now() where member_id = $1', [member?.id]);
      const editing = memberApi(t, 'update_member_profile', session, {
        member_profile: { name: '改名的人', gender: 'M', email: null },
      });
      await untilAStatementWaitsOnALock(url);
      await writer.query('commit');

      expect((await editing).json().rcrm.RC).toBe('TOKEN_INVALID');
      const [after] = await t.db.select({ name: members.name }).from(members);
      expect(after?.name).toBe(member?.name);
    } finally {
      await writer.end();
    }
  });
});
