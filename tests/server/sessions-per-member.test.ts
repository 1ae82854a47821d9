import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/config';
import { memberTokens } from '../../server/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import { addMember, memberToken } from './helpers/members';
import { rc } from './helpers/password';
import { memberApi } from './helpers/profile';

// A member signs in on a phone, in LINE, on a desktop, at a friend's: each sign-in is a session
// that lives a year unless signed out. A caller repeating sign-ins to their own account would
// otherwise leave a row a year for each; the sessions table grows with members, not with sign-ins.

let t: TestApp;
let memberId: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  memberId = (await addMember(t)).id;
});

const profileRc = (token: string) => rc(memberApi(t, 'get_member_profile', token));

async function liveSessions(): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(memberTokens)
    .where(and(eq(memberTokens.memberId, memberId), isNull(memberTokens.revokedAt)));
  return row?.n ?? 0;
}

describe('a member’s sessions (LIMITS.liveSessionsPerMember)', () => {
  it('a sign-in past the limit ends the oldest session only; every newer one still works', async () => {
    const tokens: string[] = [];
    for (let i = 0; i <= LIMITS.liveSessionsPerMember; i++) {
      tokens.push(await memberToken(t));
      t.clock.advance(1000);
    }
    const [oldest, ...newer] = tokens;
    expect(await profileRc(oldest ?? '')).toBe('TOKEN_INVALID');
    for (const token of newer) expect(await profileRc(token)).toBe('C01');
    expect(await liveSessions()).toBe(LIMITS.liveSessionsPerMember);
  });

  it('sign-ins at the same moment, on two app instances, may pass the limit only until the next sign-in', async () => {
    // Each sign-in's statement counts the sessions it can see: ones made at the same moment are not
    // among them (PostgreSQL's snapshot), so a burst may leave a few over, and the next sign-in ends
    // them. The table still grows with members, not with sign-ins. (Password checks in flight count
    // against the lockout's five, so a burst is four.)
    const other = await startTestApp({ shareDatabaseWith: t });
    try {
      for (let i = 0; i < LIMITS.liveSessionsPerMember - 5; i++) await memberToken(t);
      t.clock.advance(1000);
      const burst = await Promise.all(
        Array.from({ length: LIMITS.lockoutFailures - 1 }, (_, i) => memberToken(i % 2 ? other : t)),
      );
      expect(await liveSessions()).toBeLessThanOrEqual(LIMITS.liveSessionsPerMember + burst.length);
      t.clock.advance(1000);
      const next = await memberToken(other);
      expect(await liveSessions()).toBe(LIMITS.liveSessionsPerMember);
      for (const token of [...burst, next]) expect(await profileRc(token)).toBe('C01');
    } finally {
      await other.close();
    }
  });

  it('up to the limit, every session stays', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < LIMITS.liveSessionsPerMember; i++) {
      tokens.push(await memberToken(t));
      t.clock.advance(1000);
    }
    for (const token of tokens) expect(await profileRc(token)).toBe('C01');
  });
});
