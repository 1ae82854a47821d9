import { getTableName, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../server/config';
import { loginAttempts, memberTokens } from '../../server/db/schema';
import { VACUUMED_TABLES, vacuumTables, vacuumWhenDue } from '../../server/modules/housekeeping/vacuum';
import { startTestApp, type TestApp } from './helpers/app';
import { captureLogs } from './helpers/logs';
import { addMember, memberToken } from './helpers/members';

// PGlite runs PostgreSQL as one process, without autovacuum: nothing else ever makes the space of
// swept rows reusable or tells the planner what the tables hold. PostgreSQL's autovacuum does both.

const onPostgres = Boolean(process.env.DATABASE_URL);
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

/** The tables written by every sign-in, SMS code and sweep: what a year in production fills. */
const HOT_TABLES = [
  'members',
  'member_tokens',
  'verification_codes',
  'login_attempts',
  'pending_mobile_changes',
  'oauth_requests',
  'oauth_codes',
];

/** The tables the housekeeping sweep deletes from itself (`HOUSEKEEPING_JOBS`). */
const SWEPT_TABLES = ['members', 'member_tokens', 'pending_mobile_changes', 'verification_codes', 'oauth_requests'];

const LISTED_TABLES = VACUUMED_TABLES.map((table) => getTableName(table));

type Counts = Record<string, { vacuumed: number; analysed: number }>;

/** How many times each table has been vacuumed and analysed by hand (autovacuum counts apart). */
async function vacuums(): Promise<Counts> {
  const { rows } = (await t.db.execute(
    sql`select relname, vacuum_count, analyze_count from pg_stat_user_tables`,
  )) as unknown as { rows: { relname: string; vacuum_count: string; analyze_count: string }[] };
  return Object.fromEntries(
    rows.map((row) => [row.relname, { vacuumed: Number(row.vacuum_count), analysed: Number(row.analyze_count) }]),
  );
}

/** The vacuums and analyses of each of `tables` (the hot ones unless told) since `before`. */
async function vacuumsSince(before: Counts, tables: readonly string[] = HOT_TABLES): Promise<Counts> {
  const after = await vacuums();
  return Object.fromEntries(
    tables.map((name) => [
      name,
      {
        vacuumed: (after[name]?.vacuumed ?? 0) - (before[name]?.vacuumed ?? 0),
        analysed: (after[name]?.analysed ?? 0) - (before[name]?.analysed ?? 0),
      },
    ]),
  );
}

const each = (times: number, tables: readonly string[] = HOT_TABLES): Counts =>
  Object.fromEntries(tables.map((name) => [name, { vacuumed: times, analysed: times }]));

/** The tables a delete from the swept ones reaches, themselves included, by following `on delete cascade`. */
async function reachedBySweep(): Promise<string[]> {
  const { rows } = (await t.db.execute(sql`
    with recursive reached(name) as (
      select relname::text from pg_stat_user_tables where relname in ${SWEPT_TABLES}
      union
      select child.relname::text
      from pg_constraint fk
      join pg_class parent on parent.oid = fk.confrelid
      join pg_class child on child.oid = fk.conrelid
      join reached on reached.name = parent.relname
      where fk.contype = 'f' and fk.confdeltype = 'c'
    )
    select name from reached order by name`)) as unknown as { rows: { name: string }[] };
  return rows.map((row) => row.name);
}

const deadTokenRows = async () => {
  // A backend reports its counts now and then; this one's must be in before they are read.
  await t.db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await t.db.execute(
    sql`select n_dead_tup from pg_stat_user_tables where relname = 'member_tokens'`,
  )) as unknown as { rows: { n_dead_tup: string }[] };
  return Number(rows[0]?.n_dead_tup);
};

const HOUR = 60 * 60_000;

describe.skipIf(onPostgres)('VACUUM (ANALYZE) on PGlite', () => {
  const notStopping = new AbortController().signal;

  it('takes the tables the sweep deletes from and those every sign-in and SMS code writes', async () => {
    expect(LISTED_TABLES).toEqual(expect.arrayContaining(HOT_TABLES));
    const before = await vacuums();
    await vacuumTables(t.db, t.app.log, VACUUMED_TABLES, notStopping);
    expect(await vacuumsSince(before, LISTED_TABLES)).toEqual(each(1, LISTED_TABLES));
    expect(logs.lines('已整理 PGlite 資料表').at(-1)).toMatchObject({ tables: VACUUMED_TABLES.length });
  });

  it('takes every table whose rows go by cascade when the sweep deletes', async () => {
    const reached = await reachedBySweep();
    // LINE bindings go with an abandoned registration's member (and with every new password).
    expect(reached).toContain('identity_bindings');
    expect(LISTED_TABLES).toEqual(expect.arrayContaining(reached));
  });

  it('makes the space of swept rows reusable: no dead rows are left', async () => {
    await memberToken(t);
    await t.db.delete(memberTokens);
    expect(await deadTokenRows()).toBeGreaterThan(0);
    await vacuumTables(t.db, t.app.log, VACUUMED_TABLES, notStopping);
    expect(await deadTokenRows()).toBe(0);
  });

  it('runs on the first sweep, then not again until six hours after the last', async () => {
    const before = await vacuums();
    const vacuum = vacuumWhenDue('pglite', t.db, t.app.log);
    const vacuumedBy = async (ms: number) => {
      t.clock.advance(ms);
      await vacuum(t.clock.now(), notStopping);
      return (await vacuumsSince(before)).members?.vacuumed;
    };
    expect(LIMITS.pgliteVacuumEveryMs).toBe(6 * HOUR);
    expect(await vacuumedBy(0)).toBe(1);
    expect(await vacuumedBy(LIMITS.housekeepingSweepMs)).toBe(1);
    expect(await vacuumedBy(LIMITS.pgliteVacuumEveryMs - LIMITS.housekeepingSweepMs - 1)).toBe(1);
    expect(await vacuumedBy(1)).toBe(2);
    expect(await vacuumedBy(LIMITS.housekeepingSweepMs)).toBe(2);
    // A clock set back a day does not put the next one off for a day: it runs at the next sweep.
    expect(await vacuumedBy(-24 * HOUR)).toBe(3);
    expect(await vacuumedBy(LIMITS.housekeepingSweepMs)).toBe(3);
  });

  it('logs a table that fails without its statement, and goes on with the others', async () => {
    const before = await vacuums();
    const missing = pgTable('no_such_table', { id: text('id') });
    await vacuumTables(t.db, t.app.log, [missing, loginAttempts], notStopping);
    const [warning] = logs.lines('整理 PGlite 資料表失敗');
    expect(warning).toMatchObject({ level: 40, table: 'no_such_table', err: { message: 'database query failed' } });
    expect(logs.text().toLowerCase()).not.toContain('vacuum (analyze)');
    expect((await vacuumsSince(before)).login_attempts).toEqual({ vacuumed: 1, analysed: 1 });
  });

  it('starts no further table once the server is stopping', async () => {
    const before = await vacuums();
    const stopping = new AbortController();
    const stoppingAfterOne = new Proxy(t.db, {
      get(db, name) {
        if (name !== 'execute') return Reflect.get(db, name, db);
        return async (...args: Parameters<typeof db.execute>) => {
          const result = await db.execute(...args);
          stopping.abort();
          return result;
        };
      },
    });
    await vacuumTables(stoppingAfterOne, t.app.log, VACUUMED_TABLES, stopping.signal);
    const vacuumed = Object.values(await vacuumsSince(before)).filter((counts) => counts.vacuumed > 0);
    expect(vacuumed).toHaveLength(1);
  });
});

describe('VACUUM on PostgreSQL', () => {
  it('is never run: autovacuum does it there', async () => {
    const statements: unknown[] = [];
    const watched = new Proxy(t.db, {
      get(db, name) {
        if (name !== 'execute') return Reflect.get(db, name, db);
        return (...args: Parameters<typeof db.execute>) => {
          statements.push(args[0]);
          return db.execute(...args);
        };
      },
    });
    const vacuum = vacuumWhenDue('postgres', watched, t.app.log);
    for (let sweep = 0; sweep < 3; sweep++) {
      await vacuum(t.clock.now(), new AbortController().signal);
      t.clock.advance(LIMITS.pgliteVacuumEveryMs);
    }
    expect(statements).toEqual([]);
  });
});

describe('the member server', () => {
  it.skipIf(onPostgres)(
    'on PGlite, vacuums with the first sweep, minutes after it is ready, and not with the next',
    async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const server = await startTestApp({ shareDatabaseWith: t, logger: logs.logger });
      let closed = false;
      try {
        const before = (await vacuums()).members?.vacuumed ?? 0;
        await server.app.ready();
        vi.advanceTimersByTime(LIMITS.housekeepingSweepMs - 1);
        expect((await vacuums()).members?.vacuumed).toBe(before);

        vi.advanceTimersByTime(1);
        for (let wait = 0; wait < 100 && (await vacuums()).members?.vacuumed === before; wait++)
          await new Promise((r) => setTimeout(r, 20));
        expect((await vacuums()).members?.vacuumed).toBe(before + 1);

        // The next sweep, ten minutes on, leaves the tables be.
        t.clock.advance(LIMITS.housekeepingSweepMs);
        vi.advanceTimersByTime(LIMITS.housekeepingSweepMs);
        await server.close();
        closed = true;
        expect((await vacuums()).members?.vacuumed).toBe(before + 1);
        expect(vi.getTimerCount()).toBe(0);
      } finally {
        if (!closed) await server.close();
        vi.useRealTimers();
      }
    },
  );

  it.skipIf(!onPostgres)('on PostgreSQL, never vacuums: autovacuum does it there', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = await startTestApp({ shareDatabaseWith: t, logger: logs.logger });
    let closed = false;
    try {
      await server.app.ready();
      for (let sweep = 0; sweep < 3; sweep++) {
        vi.advanceTimersByTime(LIMITS.housekeepingSweepMs);
        t.clock.advance(LIMITS.pgliteVacuumEveryMs);
        await new Promise((r) => setTimeout(r, 200));
      }
      await server.close();
      closed = true;
      const counted = await vacuums();
      expect(counted).toEqual(each(0, Object.keys(counted)));
      expect(Object.keys(counted)).toEqual(expect.arrayContaining(LISTED_TABLES));
      expect(logs.lines('PGlite')).toEqual([]);
    } finally {
      if (!closed) await server.close();
      vi.useRealTimers();
    }
  });
});
