import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityBindings, members } from '../../server/db/schema';
import { postSigned, type TestApp } from './helpers/app';
import { bindData, type FakeLine, lineUserId, startFakeLine } from './helpers/fake-line';
import { untilAStatementWaitsOnALock } from './helpers/holds';
import { addMember, MEMBER, memberToken } from './helpers/members';
import { changePassword, rc } from './helpers/password';
import { twoInstancesOverOneDatabase } from './helpers/two-instances';

// A LINE binding ends with the password (decision 0024). A bind that checked its session before a
// password change elsewhere, then waited on LINE, must not bind once the change has ended that session.

let line: FakeLine;

beforeAll(async () => {
  line = await startFakeLine();
});
afterAll(() => line.close());
// LINE is held while a password changes: the server must not give up on it meanwhile.
const servers = twoInstancesOverOneDatabase(() => ({
  env: { LINE_API_BASE: line.url, LINE_API_TIMEOUT_MS: '60000' },
}));
beforeEach(async () => {
  await servers.first.reset();
  await addMember(servers.first);
});

const bind = (app: TestApp, token: string, lineToken: string) =>
  rc(postSigned(app, '/api/member/bind_third_party', { token, request_parameter: bindData(lineToken) }));

/** LINE held until `answerLine` is called. */
function heldLine(): { heldBy: Promise<void>; answerLine: () => void } {
  let answerLine: () => void = () => {};
  const heldBy = new Promise<void>((resolve) => {
    answerLine = resolve;
  });
  return { heldBy, answerLine };
}

/**
 * Until LINE has been asked about each token: a bind asks LINE only once it has checked its
 * session, so each of them is then past that check and waits on LINE.
 */
const untilLineAsked = (lineTokens: string[]) =>
  vi.waitFor(
    () => {
      for (const token of lineTokens)
        expect(line.requests.map((request) => request.path)).toContain(
          `/oauth2/v2.1/verify?access_token=${encodeURIComponent(token)}`,
        );
    },
    { timeout: 30_000 },
  );

describe('a LINE bind racing a password change made on another phone', () => {
  it('binds nothing when the change ends its session while it waits on LINE', async () => {
    const { heldBy, answerLine } = heldLine();
    line.token('other-phone-line', { kind: 'valid', userId: lineUserId(7), heldBy });
    const otherPhone = await memberToken(servers.first);
    const owner = await memberToken(servers.first);
    const binding = bind(servers.second, otherPhone, 'other-phone-line');
    // The bind has checked its session and waits on LINE; meanwhile the owner changes the password.
    await untilLineAsked(['other-phone-line']);
    expect(await rc(changePassword(servers.first, owner, MEMBER.password, 'fresh2026'))).toBe('C01');
    answerLine();
    expect(await binding).toBe('TOKEN_INVALID');
    expect(await servers.first.db.select().from(identityBindings)).toEqual([]);
  });

  it('leaves no binding behind a change that 10 binds on two instances wait on LINE across', async () => {
    const { heldBy, answerLine } = heldLine();
    const lineTokens = Array.from({ length: 10 }, (_, n) => `line-${n}`);
    for (const [n, token] of lineTokens.entries())
      line.token(token, { kind: 'valid', userId: lineUserId(100 + n), heldBy });
    // Signed in one after another: logins in flight together count against the lockout.
    const phones: string[] = [];
    for (let n = 0; n < 10; n++) phones.push(await memberToken(servers.first));
    const owner = await memberToken(servers.first);
    const binds = phones.map((phone, n) => bind(n % 2 ? servers.second : servers.first, phone, `line-${n}`));
    // Every bind has checked its session and waits on LINE while the change commits; LINE answers
    // them only once the change has answered, so each of them binds after it.
    await untilLineAsked(lineTokens);
    expect(await rc(changePassword(servers.first, owner, MEMBER.password, 'fresh2026'))).toBe('C01');
    answerLine();
    expect(await Promise.all(binds)).toEqual(lineTokens.map(() => 'TOKEN_INVALID'));
    expect(await servers.first.db.select().from(identityBindings)).toEqual([]);
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres)
  console.log(
    'The bind that meets a password change mid-transaction is tested on PostgreSQL only (CI sets DATABASE_URL).',
  );

describe('a LINE bind whose transaction meets a password change half-way', () => {
  // The change locks the member, then ends the sessions; a bind that held its session's row and
  // then waited for the member's would wait on the change while the change waits on it, and
  // PostgreSQL would end one of them with an error. Only PostgreSQL runs the two side by side.
  it.skipIf(!onPostgres)('waits for the change, then binds nothing: both answer', async () => {
    line.token('mid-change-line', { kind: 'valid', userId: lineUserId(9) });
    const phone = await memberToken(servers.first);
    const [member] = await servers.first.db.select({ id: members.id }).from(members);
    const change = new pg.Client({ connectionString: servers.first.testDatabase.url ?? '' });
    await change.connect();
    try {
      // As a password change takes them: the member's row first, then every session of the member.
      await change.query('begin');
      await change.query('select id from members where id = $1 for update', [member?.id]);
      const binding = bind(servers.second, phone, 'mid-change-line');
      await untilAStatementWaitsOnALock(servers.first.testDatabase.url);
      await change.query('update member_tokens set revoked_at = now() where member_id = $1', [member?.id]);
      await change.query('commit');

      expect(await binding).toBe('TOKEN_INVALID');
      expect(await servers.first.db.select().from(identityBindings)).toEqual([]);
    } finally {
      await change.end();
    }
  });
});
