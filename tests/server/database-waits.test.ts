import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { startTestApp, type TestApp } from './helpers/app';
import { createEmptyPostgresDatabase } from './helpers/database';
import { captureLogs } from './helpers/logs';
import { addMember, MEMBER, memberToken } from './helpers/members';
import { memberApi } from './helpers/profile';
import { type QuietNetwork, quietNetworkTo } from './helpers/quiet-network';

// PostgreSQL that holds a call up (decision 0020). PGlite runs inside the server and cannot stall
// this way; CI runs these on PostgreSQL.
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) console.log('PostgreSQL wait tests skipped: they need DATABASE_URL (CI sets it).');

/** Short waits, so that the test takes a second; the server's own are in LIMITS. */
const WAITS = { connectMs: 600, statementMs: 400, answerMs: 900 };
/** Within this, a held-up call has its answer: the longest wait, and room for a busy machine. */
const ANSWERED_WITHIN_MS = 3_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The app on a PostgreSQL database of its own, reached through a network that can go quiet. */
async function appBehindQuietNetwork(): Promise<{
  t: TestApp;
  network: QuietNetwork;
  databaseUrl: string;
  logs: ReturnType<typeof captureLogs>;
}> {
  const fresh = await createEmptyPostgresDatabase(adminUrl as string);
  cleanups.push(() => fresh.drop());
  const network = await quietNetworkTo(fresh.url);
  cleanups.push(() => network.close());
  const database = await openDatabase({ databaseUrl: network.url, waits: WAITS });
  const logs = captureLogs();
  const t = await startTestApp({
    testDatabase: { database, url: fresh.url, close: () => database.close() },
    logger: logs.logger,
  });
  cleanups.push(() => t.close());
  await addMember(t);
  return { t, network, databaseUrl: fresh.url, logs };
}

/** The server's log of the held-up calls: the driver's reason, and nothing of the statement or the member. */
function expectToldWithoutInternals(logs: ReturnType<typeof captureLogs>, token: string): void {
  expect(logs.lines('unexpected error').length).toBeGreaterThan(0);
  const log = logs.text();
  expect(log).not.toContain(token);
  expect(log).not.toContain(MEMBER.mobile);
  expect(log).not.toMatch(/select|member_tokens|\$1/i);
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

const profileRc = async (t: TestApp, token: string) => (await memberApi(t, 'get_member_profile', token)).json().rcrm.RC;

describe('PostgreSQL that holds a call up', () => {
  it.skipIf(!adminUrl)(
    'a statement waiting on a lock is cancelled at its bound: SYSTEM_ERROR at once, and the next call is served',
    async () => {
      const { t, databaseUrl, logs } = await appBehindQuietNetwork();
      const token = await memberToken(t);
      const holder = new pg.Client({ connectionString: databaseUrl });
      await holder.connect();
      cleanups.push(() => holder.end());
      await holder.query('begin');
      await holder.query('lock table members in access exclusive mode');

      const { result, ms } = await timed(() => memberApi(t, 'get_member_profile', token));
      expect(result.statusCode).toBe(500);
      expect(result.json()).toEqual({ rcrm: { RC: 'SYSTEM_ERROR', RM: '系統忙碌中，請稍後再試' }, results: {} });
      expect(ms).toBeGreaterThanOrEqual(WAITS.statementMs - 50);
      expect(ms).toBeLessThan(ANSWERED_WITHIN_MS);

      expect(logs.lines('unexpected error')[0]?.err).toMatchObject({ cause: { code: '57014' } });
      expectToldWithoutInternals(logs, token);

      await holder.query('rollback');
      expect(await profileRc(t, token)).toBe('C01');
    },
  );

  it.skipIf(!adminUrl)(
    'a database gone quiet: every call in flight, more than the pool holds, is answered SYSTEM_ERROR within the bounds; the next one after it is back is served',
    async () => {
      const { t, network, logs } = await appBehindQuietNetwork();
      const token = await memberToken(t);
      network.goQuiet();

      // Twenty at once, twice the pool: the first ten wait for an answer, the others for a connection.
      const { result, ms } = await timed(() =>
        Promise.all(Array.from({ length: 20 }, () => memberApi(t, 'get_member_profile', token))),
      );
      expect(result.map((response) => response.json().rcrm.RC)).toEqual(Array(20).fill('SYSTEM_ERROR'));
      expect(ms).toBeLessThan(ANSWERED_WITHIN_MS);
      // New connections get no answer either, and end at their own bound.
      const { result: later, ms: laterMs } = await timed(() => profileRc(t, token));
      expect(later).toBe('SYSTEM_ERROR');
      expect(laterMs).toBeLessThan(ANSWERED_WITHIN_MS);
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);

      expectToldWithoutInternals(logs, token);

      network.recover();
      expect(await profileRc(t, token)).toBe('C01');
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    },
  );

  it.skipIf(!adminUrl)(
    'a server starting against a database that does not answer stops within the bound instead of waiting for ever',
    async () => {
      const fresh = await createEmptyPostgresDatabase(adminUrl as string);
      cleanups.push(() => fresh.drop());
      const network = await quietNetworkTo(fresh.url);
      cleanups.push(() => network.close());
      network.goQuiet();
      const { result, ms } = await timed(() =>
        openDatabase({ databaseUrl: network.url, waits: WAITS }).then(
          () => null,
          (error: unknown) => error,
        ),
      );
      expect(result).toBeInstanceOf(Error);
      expect(ms).toBeLessThan(ANSWERED_WITHIN_MS);
    },
  );
});
