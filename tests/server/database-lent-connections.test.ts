import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/client';
import type { Database } from '../../server/db/database';
import { createEmptyPostgresDatabase } from './helpers/database';
import { type QuietNetwork, quietNetworkTo } from './helpers/quiet-network';

// A connection lent to a transaction is out of the pool's sight: these are the ways it can be lost
// while lent, on PostgreSQL (PGlite runs inside the server and has no connection to lose).
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) console.log('The lent-connection tests are skipped: they need PostgreSQL in DATABASE_URL (CI sets it).');

/** Short waits, so that each test takes a second or two; the server's own are in LIMITS. */
const WAITS = { connectMs: 600, statementMs: 400, answerMs: 900 };
const POOL_SIZE = 10;

/** What node-postgres answers a statement with; drizzle's shared type leaves it unknown. */
type Rows<T> = { rows: T[] };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The server's database on a PostgreSQL database of its own, reached through a network that can go quiet. */
async function databaseBehindQuietNetwork(): Promise<{ database: Database; network: QuietNetwork; name: string }> {
  const fresh = await createEmptyPostgresDatabase(adminUrl as string);
  cleanups.push(() => fresh.drop());
  const network = await quietNetworkTo(fresh.url);
  cleanups.push(() => network.close());
  const database = await openDatabase({ databaseUrl: network.url, waits: WAITS });
  cleanups.push(() => database.close());
  return { database, network, name: new URL(fresh.url).pathname.slice(1) };
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Backends of the database still inside a transaction that nobody is running. */
const idleInTransaction = (name: string) =>
  admin(async (client) => {
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from pg_stat_activity where datname = $1 and state like 'idle in transaction%'",
      [name],
    );
    return rows[0]?.count ?? 0;
  });

/** Every connection of the pool opened, so that the quiet meets connections already made. */
const fillThePool = (database: Database) =>
  Promise.all(Array.from({ length: POOL_SIZE }, () => database.db.execute(sql`select pg_sleep(0.05)`)));

async function until(condition: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe('a connection lost while lent to a transaction', () => {
  it.skipIf(!adminUrl)(
    'ended by PostgreSQL mid-transaction: the transaction fails, the server is told in zh-TW and goes on, the next one is served',
    async () => {
      const { database } = await databaseBehindQuietNetwork();
      const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      cleanups.push(async () => {
        process.off('uncaughtException', onUncaught);
      });

      const ended = database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as Rows<{ pid: number }>;
        await admin((client) => client.query('select pg_terminate_backend($1)', [rows[0]?.pid]));
        // The connection's end arrives while the transaction still holds it.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(ended).rejects.toThrow();

      expect(uncaught).toEqual([]);
      expect(printed.mock.calls.map(([line]) => String(line))).toContainEqual(
        expect.stringMatching(/^資料庫連線中斷：/),
      );
      await expect(database.db.transaction((tx) => tx.execute(sql`select 1 as one`))).resolves.toMatchObject({
        rows: [{ one: 1 }],
      });
    },
  );

  it.skipIf(!adminUrl)(
    'a network gone quiet as transactions begin: each fails within the bound, and once it is back every connection of the pool serves again',
    async () => {
      const { database, network } = await databaseBehindQuietNetwork();
      await fillThePool(database);
      network.goQuiet();

      const started = performance.now();
      const outcomes = await Promise.allSettled(
        Array.from({ length: POOL_SIZE }, () => database.db.transaction((tx) => tx.execute(sql`select 1`))),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(POOL_SIZE).fill('rejected'));
      expect(performance.now() - started).toBeLessThan(WAITS.answerMs + 2_000);

      network.recover();
      // More at once than the pool holds: each needs a connection of its own in turn.
      const served = await Promise.all(
        Array.from({ length: POOL_SIZE * 2 }, () => database.db.transaction((tx) => tx.execute(sql`select 1 as one`))),
      );
      expect(served.map((result) => (result as Rows<{ one: number }>).rows)).toEqual(
        Array(POOL_SIZE * 2).fill([{ one: 1 }]),
      );
    },
  );

  it.skipIf(!adminUrl)(
    'a network gone quiet in the middle of a transaction: it fails within the bound, and no connection goes back to the pool still inside it',
    async () => {
      const { database, network, name } = await databaseBehindQuietNetwork();
      const started = performance.now();
      const cut = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        network.goQuiet();
        await tx.execute(sql`select 2`);
      });
      await expect(cut).rejects.toThrow();
      // The statement's bound, not twice it: the rollback is not left to wait for an answer of its own.
      expect(performance.now() - started).toBeLessThan(WAITS.answerMs + 500);

      network.recover();
      expect(await until(async () => (await idleInTransaction(name)) === 0, 2_000)).toBe(true);
      const { rows } = (await database.db.execute(
        sql`select now() < statement_timestamp() - interval '200 milliseconds' as inside`,
      )) as Rows<{ inside: boolean }>;
      expect(rows).toEqual([{ inside: false }]);
    },
  );
});
