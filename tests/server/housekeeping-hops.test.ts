import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/config';
import { oauthCodes, oauthRequests } from '../../server/db/schema';
import { HOUSEKEEPING_JOBS, sweepOnce } from '../../server/modules/housekeeping/sweep';
import { pruneFinishedHops } from '../../server/modules/oauth/service';
import { startTestApp, type TestApp } from './helpers/app';
import { captureLogs } from './helpers/logs';
import { addMember, memberToken } from './helpers/members';
import { addClient, codeFor, REDIRECT_URI, randomKeyFor, STATE, type TestClient } from './helpers/oauth';

// A partner's consent hop is of no more use a day past its expiry, not even to recognise a
// replayed code: the sweep removes it with its codes, never the partner's next request.

const logs = captureLogs();
let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await startTestApp({ logger: logs.logger });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await addMember(t);
  client = await addClient(t);
});

const hopsLeft = async () => (await t.db.select().from(oauthRequests)).length;
const codesLeft = async () => (await t.db.select().from(oauthCodes)).length;

async function addFinishedHops(count: number) {
  const expired = new Date(t.clock.now().getTime() - LIMITS.spentRecordKeepMs - 1);
  await t.db.insert(oauthRequests).values(
    Array.from({ length: count }, (_, i) => ({
      keyHash: i.toString(16).padStart(64, '0'),
      clientId: client.clientId,
      redirectUri: REDIRECT_URI,
      state: STATE,
      expiresAt: expired,
      createdAt: expired,
    })),
  );
}

describe('OAuth hops past their end', () => {
  it('stay a day after they expire, then go with their codes; a recent hop stays', async () => {
    await codeFor(t, client, await memberToken(t));
    t.clock.advance(LIMITS.oauthRequestMs + LIMITS.spentRecordKeepMs);
    await randomKeyFor(t, client);
    expect(await pruneFinishedHops(t.db, t.clock.now())).toBe(0);
    expect(await hopsLeft()).toBe(2);
    expect(await codesLeft()).toBe(1);

    t.clock.advance(1);
    expect(await pruneFinishedHops(t.db, t.clock.now())).toBe(1);
    expect(await hopsLeft()).toBe(1);
    expect(await codesLeft()).toBe(0);
  });

  it('go in batches until none is left, however many a burst left', async () => {
    await addFinishedHops(2_500);
    let deletes = 0;
    const counting = new Proxy(t.db, {
      get(db, name) {
        if (name !== 'delete') return Reflect.get(db, name, db);
        return (...args: Parameters<typeof db.delete>) => {
          deletes += 1;
          return db.delete(...args);
        };
      },
    });
    expect(await pruneFinishedHops(counting, t.clock.now(), { batchRows: 1_000 })).toBe(2_500);
    expect(deletes).toBeGreaterThanOrEqual(3);
    expect(await hopsLeft()).toBe(0);
  });

  it('are removed by the housekeeping sweep, which says how many went', async () => {
    await addFinishedHops(3);
    await randomKeyFor(t, client);

    await sweepOnce(t.db, t.clock.now(), t.app.log, HOUSEKEEPING_JOBS);

    expect(await hopsLeft()).toBe(1);
    expect(logs.lines('已移除逾期超過一天的 OAuth 授權請求')).toEqual([expect.objectContaining({ removed: 3 })]);
  });
});
