import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../server/config';
import { members, memberTokens, pendingMobileChanges, verificationCodes } from '../../server/db/schema';
import {
  HOUSEKEEPING_JOBS,
  type HousekeepingJob,
  scheduleHousekeeping,
  sweepOnce,
} from '../../server/modules/housekeeping/sweep';
import { pruneEndedMobileChanges } from '../../server/modules/profile/service';
import { pruneDeadTokens } from '../../server/modules/tokens/service';
import { pruneOldCodes } from '../../server/modules/verification/service';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { untilAStatementWaitsOnALock } from './helpers/holds';
import { captureLogs } from './helpers/logs';
import { addMember, memberToken } from './helpers/members';
import { rc as rcOf } from './helpers/password';
import { memberApi, requestMobileChange } from './helpers/profile';
import { registerVisitor, VISITOR } from './helpers/registration';

// Rows past all use go a day after their end, so a login or an SMS a day does not leave a row for
// ever; a day is kept for an operator looking into an incident.

const logs = captureLogs();
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ logger: logs.logger });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await addMember(t);
});

const tokensLeft = async () => (await t.db.select().from(memberTokens)).length;
const codesLeft = async () => (await t.db.select().from(verificationCodes)).length;
const profileRc = (token: string) => rcOf(memberApi(t, 'get_member_profile', token));
const logout = (token: string) => postSigned(t, '/app-api/member/logout', { token });

describe('tokens past their end', () => {
  it('stay a day after they expire, then go; a live token is never touched', async () => {
    await memberToken(t);
    t.clock.advance(LIMITS.memberTokenMs - 60_000);
    const live = await memberToken(t);
    t.clock.advance(60_000 + LIMITS.spentRecordKeepMs);
    expect(await pruneDeadTokens(t.db, t.clock.now())).toBe(0);
    expect(await tokensLeft()).toBe(2);

    t.clock.advance(1);
    expect(await pruneDeadTokens(t.db, t.clock.now())).toBe(1);
    expect(await tokensLeft()).toBe(1);
    expect(await profileRc(live)).toBe('C01');
  });

  it('stay a day after they are revoked (signing out), then go', async () => {
    const signedOut = await memberToken(t);
    const live = await memberToken(t);
    expect(await rcOf(logout(signedOut))).toBe('C01');
    t.clock.advance(LIMITS.spentRecordKeepMs);
    expect(await pruneDeadTokens(t.db, t.clock.now())).toBe(0);

    t.clock.advance(1);
    expect(await pruneDeadTokens(t.db, t.clock.now())).toBe(1);
    expect(await profileRc(signedOut)).toBe('TOKEN_INVALID');
    expect(await profileRc(live)).toBe('C01');
  });

  async function addDeadTokens(count: number) {
    const [member] = await t.db.select({ id: members.id }).from(members);
    const expired = new Date(t.clock.now().getTime() - LIMITS.spentRecordKeepMs - 1);
    await t.db.insert(memberTokens).values(
      Array.from({ length: count }, (_, i) => ({
        tokenHash: i.toString(16).padStart(64, '0'),
        memberId: member?.id ?? '',
        kind: 'member' as const,
        expiresAt: expired,
      })),
    );
  }

  it('go in batches until none is left, however many there are', async () => {
    await addDeadTokens(2_500);
    expect(await pruneDeadTokens(t.db, t.clock.now(), { batchRows: 1_000 })).toBe(2_500);
    expect(await tokensLeft()).toBe(0);
  });

  it('take no further batch once the server is stopping', async () => {
    await addDeadTokens(2_500);
    const stopping = new AbortController();
    let batches = 0;
    // The database as the prune sees it, with shutdown arriving while the second batch is deleted.
    const counting = new Proxy(t.db, {
      get(db, name) {
        if (name !== 'delete') return Reflect.get(db, name, db);
        return (...args: Parameters<typeof db.delete>) => {
          batches += 1;
          if (batches === 2) stopping.abort();
          return db.delete(...args);
        };
      },
    });
    expect(await pruneDeadTokens(counting, t.clock.now(), { batchRows: 1_000, signal: stopping.signal })).toBe(2_000);
    expect(await tokensLeft()).toBe(500);
  });

  it('go once each when two server processes sweep at the same time', async () => {
    const other = await startTestApp({ shareDatabaseWith: t });
    try {
      await addDeadTokens(3_000);
      const counts = await Promise.all([
        pruneDeadTokens(t.db, t.clock.now(), { batchRows: 200 }),
        pruneDeadTokens(other.db, other.clock.now(), { batchRows: 200 }),
      ]);
      expect(counts[0] + counts[1]).toBe(3_000);
      expect(await tokensLeft()).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('SMS codes past the send limits’ window', () => {
  it('are still counted for a day, and go a day after that', async () => {
    await registerVisitor(t);
    expect(await codesLeft()).toBe(1);
    t.clock.advance(LIMITS.smsSendWindowMs + LIMITS.spentRecordKeepMs);
    expect(await pruneOldCodes(t.db, t.clock.now())).toBe(0);

    t.clock.advance(1);
    expect(await pruneOldCodes(t.db, t.clock.now())).toBe(1);
    expect(await codesLeft()).toBe(0);
  });

  it('never shorten the window the send limits count', async () => {
    // The mobile's daily sends, all within the window: pruning leaves every one of them counted.
    await registerVisitor(t);
    t.clock.advance(LIMITS.smsSendWindowMs - 1);
    expect(await pruneOldCodes(t.db, t.clock.now())).toBe(0);
    expect(await codesLeft()).toBe(1);
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres)
  console.log('A sweep meeting a request renewed under it is tested on PostgreSQL only (CI sets DATABASE_URL).');

describe('mobile changes never confirmed', () => {
  const waiting = async () => (await t.db.select().from(pendingMobileChanges)).length;

  // The member asks again while the sweep is about to remove the ended request: the request's
  // transaction renews the row and holds it, the sweep's delete waits for it, and must then see
  // the row is live again instead of removing what it picked before it waited.
  it.skipIf(!onPostgres)('stay when the member renews one while the sweep waits for it', async () => {
    const token = await memberToken(t);
    expect(await rcOf(requestMobileChange(t, token))).toBe('C01');
    t.clock.advance(LIMITS.mobileChangeMs);
    const renewing = new pg.Client({ connectionString: t.testDatabase.url ?? '' });
    await renewing.connect();
    try {
      await renewing.query('begin');
      await renewing.query('update pending_mobile_changes set expires_at = $1', [
        new Date(t.clock.now().getTime() + LIMITS.mobileChangeMs),
      ]);
      const sweeping = pruneEndedMobileChanges(t.db, t.clock.now());
      await untilAStatementWaitsOnALock(t.testDatabase.url);
      await renewing.query('commit');
      expect(await sweeping).toBe(0);
      expect(await waiting()).toBe(1);
    } finally {
      await renewing.end();
    }
  });

  it('go once they end: a mobile the member never proved is not kept', async () => {
    const token = await memberToken(t);
    expect(await rcOf(requestMobileChange(t, token))).toBe('C01');
    t.clock.advance(LIMITS.mobileChangeMs - 1);
    expect(await pruneEndedMobileChanges(t.db, t.clock.now())).toBe(0);
    expect(await waiting()).toBe(1);

    t.clock.advance(1);
    expect(await pruneEndedMobileChanges(t.db, t.clock.now())).toBe(1);
    expect(await waiting()).toBe(0);
    expect(await rcOf(memberApi(t, 'resend_member_verify', token))).toBe('MOBILE_CHANGE_EXPIRED');
  });
});

describe('the housekeeping sweep', () => {
  it('runs every job; one that fails keeps none of the others from running, and is logged without its query', async () => {
    const secretHash = 'cd'.repeat(32);
    const failing = {
      run: async (db: TestApp['db']) => {
        await db.execute(sql`delete from no_such_table where secret_hash = ${secretHash}`);
        return 0;
      },
      removed: 'never said',
      failed: '測試用的清除工作失敗',
    };
    await registerVisitor(t);
    await requestMobileChange(t, await memberToken(t));
    t.clock.advance(LIMITS.memberTokenMs + LIMITS.smsSendWindowMs + LIMITS.spentRecordKeepMs + 1);

    await sweepOnce(t.db, t.clock.now(), t.app.log, [failing, ...HOUSEKEEPING_JOBS]);

    expect(await tokensLeft()).toBe(0);
    expect(await codesLeft()).toBe(0);
    expect(await t.db.select().from(pendingMobileChanges)).toEqual([]);
    const mobiles = (await t.db.select({ mobile: members.mobile }).from(members)).map((row) => row.mobile);
    expect(mobiles).not.toContain(VISITOR.mobile);
    const [warning] = logs.lines('測試用的清除工作失敗');
    expect(warning).toMatchObject({ level: 40, err: { message: 'database query failed', cause: { code: '42P01' } } });
    expect(logs.text()).not.toContain(secretHash);
    expect(logs.text()).not.toContain('no_such_table where');
    expect(logs.lines('已移除失效超過一天的登入憑證')).toEqual([expect.objectContaining({ removed: 1 })]);
  });
});

describe('the member server', () => {
  it('sweeps every housekeeping interval once it is ready, and stops when it closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = await startTestApp({ shareDatabaseWith: t });
    let closed = false;
    try {
      await server.app.ready();
      await memberToken(t);
      t.clock.advance(LIMITS.memberTokenMs + LIMITS.spentRecordKeepMs + 1);
      vi.advanceTimersByTime(LIMITS.housekeepingSweepMs - 1);
      expect(await tokensLeft()).toBe(1);

      vi.advanceTimersByTime(1);
      for (let wait = 0; wait < 100 && (await tokensLeft()) > 0; wait++) await new Promise((r) => setTimeout(r, 20));
      expect(await tokensLeft()).toBe(0);

      await server.close();
      closed = true;
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      if (!closed) await server.close();
      vi.useRealTimers();
    }
  });

  it('stopping, lets a sweep under way finish its job before the database closes, and starts no other', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = Fastify();
    const ran: string[] = [];
    let finish = () => {};
    let told: AbortSignal | undefined;
    const slow: HousekeepingJob = {
      run: async (_db, _now, signal) => {
        ran.push('slow');
        told = signal;
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return 0;
      },
      removed: 'slow removed',
      failed: 'slow failed',
    };
    const next: HousekeepingJob = {
      run: async () => {
        ran.push('next');
        return 0;
      },
      removed: 'next removed',
      failed: 'next failed',
    };
    try {
      scheduleHousekeeping(app, { db: t.db, now: t.clock.now }, t.testDatabase.database.kind, [slow, next]);
      await app.ready();
      vi.advanceTimersByTime(LIMITS.housekeepingSweepMs);
      expect(ran).toEqual(['slow']);

      let closed = false;
      const closing = app.close().then(() => {
        closed = true;
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(closed).toBe(false);

      // The job under way is told, so one deleting in batches starts no further batch.
      expect(told?.aborted).toBe(true);
      finish();
      await closing;
      expect(ran).toEqual(['slow']);
    } finally {
      finish();
      await app.close();
      vi.useRealTimers();
    }
  });
});
