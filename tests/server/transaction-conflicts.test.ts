import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFLICT_ATTEMPTS, retryingConflicts } from '../../server/db/conflicts';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { untilAStatementWaitsOnALock } from './helpers/holds';

// A transaction PostgreSQL ends for a deadlock or a serialization failure wrote nothing, and each
// transaction's effects outside the database come after its commit: it is tried again rather than
// answered SYSTEM_ERROR. The lock orders are chosen to avoid deadlocks (docs/security.md); this is
// the safety net for an order not yet found.

/** A PostgreSQL error as the driver gives it, wrapped the way drizzle wraps a failed query. */
function failure(code: string): Error {
  const driverError = Object.assign(new Error('driver error'), { code });
  return new Error('Failed query', { cause: driverError });
}

describe('retryingConflicts', () => {
  it.each([
    ['a deadlock', '40P01'],
    ['a serialization failure', '40001'],
  ])('tries again after %s, and answers what the next attempt does', async (_, code) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const work = vi.fn().mockRejectedValueOnce(failure(code)).mockResolvedValueOnce('done');
    await expect(retryingConflicts(work)).resolves.toBe('done');
    expect(work).toHaveBeenCalledTimes(2);
    // The operator hears of it, by its code only: a deadlock means a lock order to fix, and a
    // test that meets one fails (tests/server/setup.ts) unless it expects it, as this one does.
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain(code);
    logged.mockRestore();
  });

  it(`gives up after ${CONFLICT_ATTEMPTS} attempts with the last conflict`, async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const last = failure('40P01');
    const work = vi
      .fn()
      .mockRejectedValueOnce(failure('40P01'))
      .mockRejectedValueOnce(failure('40001'))
      .mockRejectedValue(last);
    await expect(retryingConflicts(work)).rejects.toBe(last);
    expect(work).toHaveBeenCalledTimes(CONFLICT_ATTEMPTS);
    logged.mockRestore();
  });

  it.each([
    ['a unique violation', failure('23505')],
    ['a statement timeout', failure('57014')],
    ['an error of the code', new Error('refused')],
  ])('passes %s on at once', async (_, error) => {
    const work = vi.fn().mockRejectedValue(error);
    await expect(retryingConflicts(work)).rejects.toBe(error);
    expect(work).toHaveBeenCalledTimes(1);
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) console.log('The deadlock test skipped: deadlocks are PostgreSQL’s (CI sets DATABASE_URL).');

describe.runIf(onPostgres)('a transaction ended by a real deadlock', () => {
  let test: TestDatabase | null = null;
  let other: pg.Client | null = null;
  afterEach(async () => {
    await other?.end();
    await test?.close();
    other = null;
    test = null;
  });

  it('is tried again once the other transaction is through, and its writes land once', async () => {
    test = await createTestDatabase();
    const { db } = test.database;
    await db.execute(sql`create table deadlock_probe (id int primary key, n int not null)`);
    await db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0)`);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    // Another connection holds row 2, and waits longer than the app before it looks for a
    // deadlock, so PostgreSQL ends the app's transaction, not this one.
    other = new pg.Client({ connectionString: test.url as string });
    await other.connect();
    await other.query('begin');
    await other.query(`set local deadlock_timeout = '30s'`);
    await other.query('update deadlock_probe set n = n + 1 where id = 2');

    let attempts = 0;
    const app = db.transaction(async (tx) => {
      attempts += 1;
      await tx.execute(sql`update deadlock_probe set n = n + 1 where id = 1`);
      await tx.execute(sql`update deadlock_probe set n = n + 1 where id = 2`);
    });
    // The app holds row 1 and waits for row 2; the other connection now wants row 1.
    await untilAStatementWaitsOnALock(test.url);
    await other.query('update deadlock_probe set n = n + 1 where id = 1');
    await other.query('commit');

    await expect(app).resolves.toBeUndefined();
    expect(attempts).toBe(2);
    const { rows } = await other.query('select id, n from deadlock_probe order by id');
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});
