import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { expect, vi } from 'vitest';
import type { TestApp } from './app';

/** A query's SQL, whether the driver got it as text or as a query config. */
const statementText = (query: unknown) =>
  (typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text ?? '')).trim();

/**
 * How many statements `call` sends to the database, counted at the driver: on PGlite each is one
 * `query` of its instance, on PostgreSQL one `query` of a pool's client. The hot calls these count
 * (a signed read, login) must not open a transaction either.
 */
export async function roundTripsOf(t: TestApp, call: () => Promise<unknown>): Promise<number> {
  const onPostgres = t.testDatabase.url !== null;
  const driver = onPostgres ? pg.Client.prototype : (t.db as unknown as { $client: PGlite }).$client;
  const queries = vi.spyOn(driver, 'query');
  const transactions = onPostgres ? null : vi.spyOn(driver as PGlite, 'transaction');
  try {
    await call();
    const texts = queries.mock.calls.map(([query]) => statementText(query));
    expect(texts.filter((text) => /^begin\b/i.test(text))).toEqual([]);
    if (transactions) expect(transactions).not.toHaveBeenCalled();
    return texts.length;
  } finally {
    queries.mockRestore();
    transactions?.mockRestore();
  }
}
