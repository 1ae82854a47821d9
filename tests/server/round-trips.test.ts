import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../server/config';
import { startTestApp, type TestApp } from './helpers/app';
import { addMember, loginAs, MEMBER, memberToken } from './helpers/members';
import { memberApi } from './helpers/profile';

// The hot calls' database round trips, counted at the driver (issue: one round trip for a signed
// read; no login round trip the RC table does not need).
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await addMember(t);
});

/** A query's SQL, whether the driver got it as text or as a query config. */
const statementText = (query: unknown) =>
  (typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text ?? '')).trim();

/**
 * How many statements the call sends to the database. On PGlite each is one `query` of its
 * instance; on PostgreSQL one `query` of a pool's client. Neither may open a transaction.
 */
async function roundTripsOf(call: () => Promise<unknown>): Promise<number> {
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

const rcOf = async (mobile: string, password: string) => (await loginAs(t, mobile, password)).json().rcrm.RC;

describe('database round trips of the hot calls', () => {
  it('a signed profile read: one, the token and its member joined, and no write', async () => {
    const token = await memberToken(t);
    let rc = '';
    expect(
      await roundTripsOf(async () => {
        rc = (await memberApi(t, 'get_member_profile', token)).json().rcrm.RC;
      }),
    ).toBe(1);
    expect(rc).toBe('C01');
  });

  it('a login: two, the member with its counted check, then the token with the count forgiven', async () => {
    let rc = '';
    expect(
      await roundTripsOf(async () => {
        rc = await rcOf(MEMBER.mobile, MEMBER.password);
      }),
    ).toBe(2);
    expect(rc).toBe('C01');
  });

  it('a wrong password, a locked account and an unknown mobile: one each', async () => {
    for (let attempt = 1; attempt <= LIMITS.lockoutFailures; attempt += 1) {
      let rc = '';
      expect(
        await roundTripsOf(async () => {
          rc = await rcOf(MEMBER.mobile, 'wrongpass1');
        }),
      ).toBe(1);
      expect(rc).toBe(attempt < LIMITS.lockoutFailures ? 'PASSWORD_INCORRECT' : 'ACCOUNT_LOCKED');
    }
    let locked = '';
    expect(
      await roundTripsOf(async () => {
        locked = await rcOf(MEMBER.mobile, MEMBER.password);
      }),
    ).toBe(1);
    expect(locked).toBe('ACCOUNT_LOCKED');
    let unknown = '';
    expect(
      await roundTripsOf(async () => {
        unknown = await rcOf('0900000000', MEMBER.password);
      }),
    ).toBe(1);
    expect(unknown).toBe('MEMBER_IS_NOT_EXIST');
  });
});
