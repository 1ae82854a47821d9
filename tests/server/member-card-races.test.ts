import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { memberCardScans, memberCards } from '../../server/db/schema';
import { revokeTerminal } from '../../server/modules/member-card/service';
import { postSigned, type TestApp } from './helpers/app';
import { oneHold, untilAStatementWaitsOnALock } from './helpers/holds';
import { addTill, cardCode, fetchCard, scan, type TestTill } from './helpers/member-card';
import { addMember, MEMBER, memberToken } from './helpers/members';
import { changePassword, newPasswordWays, rc } from './helpers/password';
import { twoInstancesOverOneDatabase } from './helpers/two-instances';

// The card's secret is replaced in the transaction that ends a session (a new password, a sign-out)
// and a till's key ends with its revocation: what checked the session, the code or the till just
// before that commits must not act on the state it checked.

// Each card fetch checks its session here first, so a test can hold a fetch just after that check,
// as a slow moment on a busy server would.
let afterSessionCheck: (() => Promise<void>) | null = null;
vi.mock('../../server/modules/tokens/service', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/modules/tokens/service')>();
  return {
    ...real,
    memberOfToken: vi.fn(async (...args: Parameters<typeof real.memberOfToken>) => {
      const member = await real.memberOfToken(...args);
      await afterSessionCheck?.();
      return member;
    }),
  };
});

// A new password replaces the card's secret here, late in its transaction: a test can hold it just
// before, the member's row locked and the old secret still in place.
let beforeSecretReplaced: (() => Promise<void>) | null = null;
vi.mock('../../server/modules/member-card/service', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/modules/member-card/service')>();
  return {
    ...real,
    rotateCardSecret: vi.fn(async (...args: Parameters<typeof real.rotateCardSecret>) => {
      await beforeSecretReplaced?.();
      return real.rotateCardSecret(...args);
    }),
  };
});

const servers = twoInstancesOverOneDatabase();
const onPostgres = Boolean(process.env.DATABASE_URL);
let memberId: string;

beforeEach(async () => {
  afterSessionCheck = null;
  beforeSecretReplaced = null;
  await servers.first.reset();
  memberId = (await addMember(servers.first)).id;
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Holds the next card fetch just after its session passed the check, until `release`. */
function holdTheNextCardFetch(): { held: Promise<void>; release: () => void } {
  const hold = oneHold();
  afterSessionCheck = () => {
    afterSessionCheck = null;
    return hold.wait();
  };
  return hold;
}

/** Holds the next new password just before it replaces the card's secret, until `release`. */
function holdTheNextSecretReplacement(): { held: Promise<void>; release: () => void } {
  const hold = oneHold();
  beforeSecretReplaced = () => {
    beforeSecretReplaced = null;
    return hold.wait();
  };
  return hold;
}

/** What the driver sends a statement through: on PGlite its instance, on PostgreSQL a pool's client. */
type Driver = { query: (...args: unknown[]) => unknown };
const driverOf = (t: TestApp): Driver =>
  (t.testDatabase.url ? pg.Client.prototype : (t.db as unknown as { $client: PGlite }).$client) as unknown as Driver;

const isClaim = (query: unknown) =>
  /^with "claimed"/i.test(typeof query === 'string' ? query : String((query as { text?: unknown }).text ?? ''));

/**
 * Holds the next scan just before its claim reaches the database, until `release`: by then the
 * till's key has been checked and the code matched against the card's secret.
 */
function holdTheNextClaim(t: TestApp): { held: Promise<void>; release: () => void } {
  const hold = oneHold();
  const driver = driverOf(t);
  const send = driver.query;
  const spy = vi.spyOn(driver, 'query').mockImplementation(function (this: unknown, ...args: unknown[]) {
    if (!isClaim(args[0])) return send.apply(this, args);
    spy.mockRestore();
    return hold.wait().then(() => send.apply(this, args));
  });
  return hold;
}

const tokenRefused = { rcrm: { RC: 'TOKEN_INVALID', RM: RC_MESSAGES.TOKEN_INVALID }, results: {} };
const secretOfCard = async () =>
  (await servers.first.db.select().from(memberCards).where(eq(memberCards.memberId, memberId)))[0]?.secret;

describe('a card fetched while a new password ends its session', () => {
  // Between the session's check and the card's read, the secret just replaced to stop a copied
  // card would otherwise go to the very session the new password has ended.
  it.each(newPasswordWays(() => servers.first))(
    'gives no card secret to a session whose password was %s after its check',
    async (_, prepare) => {
      const session = await memberToken(servers.first);
      const shown = (await fetchCard(servers.first, session)).json().results.member_card.card_secret;
      const newPassword = await prepare();
      const hold = holdTheNextCardFetch();
      const fetching = fetchCard(servers.second, session);
      await hold.held;

      expect(await newPassword()).toBe('C01');
      hold.release();

      expect((await fetching).json()).toEqual(tokenRefused);
      expect(await secretOfCard()).not.toBe(shown);
    },
  );

  it('gives no card to a session ended before its first card was made', async () => {
    const session = await memberToken(servers.first);
    const owner = await memberToken(servers.first);
    const hold = holdTheNextCardFetch();
    const fetching = fetchCard(servers.second, session);
    await hold.held;

    expect(await rc(changePassword(servers.first, owner, MEMBER.password, 'fresh2026'))).toBe('C01');
    hold.release();

    expect((await fetching).json()).toEqual(tokenRefused);
  });
});

describe('a scan whose card secret or till ends between its checks and its claim', () => {
  let till: TestTill;
  let code: string;
  let session: string;

  beforeEach(async () => {
    till = await addTill(servers.first);
    session = await memberToken(servers.first);
    code = await cardCode(servers.first, session);
  });

  it('refuses as unknown a code whose card secret the member’s sign-out replaced meanwhile', async () => {
    const hold = holdTheNextClaim(servers.second);
    const scanning = scan(servers.second, till, code);
    await hold.held;

    expect(await rc(postSigned(servers.first, '/app-api/member/logout', { token: session }))).toBe('C01');
    hold.release();

    expect((await scanning).json().rcrm).toEqual({ RC: 'CARD_CODE_INVALID', RM: RC_MESSAGES.CARD_CODE_INVALID });
    expect(await servers.first.db.select().from(memberCardScans)).toEqual([]);
  });

  it('refuses, as a revoked key, a scan whose till was revoked meanwhile', async () => {
    const hold = holdTheNextClaim(servers.second);
    const scanning = scan(servers.second, till, code);
    await hold.held;

    expect(await revokeTerminal(servers.first.db, till.id, servers.first.clock.now())).toBe(true);
    hold.release();

    const answer = await scanning;
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="pos-api"');
    expect(answer.json()).toEqual(tokenRefused);
    expect(await servers.first.db.select().from(memberCardScans)).toEqual([]);
  });

  it('still accepts the code when nothing changed while it was held', async () => {
    const hold = holdTheNextClaim(servers.second);
    const scanning = scan(servers.second, till, code);
    await hold.held;
    hold.release();

    expect((await scanning).json().rcrm.RC).toBe('C01');
    expect(await servers.first.db.select().from(memberCardScans)).toHaveLength(1);
  });

  // A new password holds the member's row, then replaces the card's secret; the claim's audit row
  // refers to the member. Were the claim to hold the card while it waits for the member, each
  // would wait for the other and PostgreSQL would end one of them with an error.
  it.skipIf(!onPostgres)('waits for a new password that is replacing the secret, then refuses the code', async () => {
    const owner = await memberToken(servers.first);
    const hold = holdTheNextSecretReplacement();
    const changing = rc(changePassword(servers.first, owner, MEMBER.password, 'fresh2026'));
    await hold.held;
    const scanning = scan(servers.second, till, code);
    await untilAStatementWaitsOnALock(servers.first.testDatabase.url);
    hold.release();

    expect(await changing).toBe('C01');
    expect((await scanning).json().rcrm.RC).toBe('CARD_CODE_INVALID');
    expect(await servers.first.db.select().from(memberCardScans)).toEqual([]);
  });
});
