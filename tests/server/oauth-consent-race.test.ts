import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { oauthCodes } from '../../server/db/schema';
import { oneHold, untilAStatementWaitsOnALock } from './helpers/holds';
import { addMember, MEMBER, memberToken } from './helpers/members';
import { addClient, authorize, codeFor, exchange, randomKeyFor, type TestClient } from './helpers/oauth';
import { changePassword, newPasswordWays, rc } from './helpers/password';
import { twoInstancesOverOneDatabase } from './helpers/two-instances';

// A consent checks the member's session first, so a test can hold a consent just after that check,
// as a slow moment on a busy server would. A code given meanwhile to a session a new password has
// ended would sign whoever holds that browser in to the partner as the member.
let afterSessionCheck: ((options?: { lock?: boolean }) => Promise<void>) | null = null;
vi.mock('../../server/modules/tokens/service', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/modules/tokens/service')>();
  return {
    ...real,
    verifyToken: vi.fn(async (...args: Parameters<typeof real.verifyToken>) => {
      const live = await real.verifyToken(...args);
      await afterSessionCheck?.(args[4]);
      return live;
    }),
  };
});

// An exchange finds its code, then claims it in a transaction that first checks the client again:
// a test can hold it there, its code found and not yet claimed.
let beforeClaim: (() => Promise<void>) | null = null;
vi.mock('../../server/modules/oauth/clients', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/modules/oauth/clients')>();
  return {
    ...real,
    lockClientAsChecked: vi.fn(async (...args: Parameters<typeof real.lockClientAsChecked>) => {
      const hold = beforeClaim;
      beforeClaim = null;
      await hold?.();
      return real.lockClientAsChecked(...args);
    }),
  };
});

const servers = twoInstancesOverOneDatabase();
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres)
  console.log('The code claimed while a new password is written is tested on PostgreSQL only (CI sets DATABASE_URL).');
let client: TestClient;

beforeEach(async () => {
  afterSessionCheck = null;
  beforeClaim = null;
  await servers.first.reset();
  await addMember(servers.first);
  client = await addClient(servers.first);
});

/**
 * Holds the next consent just after its session passed the check, until `release`; `locked`:
 * the check in the transaction that gives the code, with the session's row locked.
 */
function holdTheNextConsent({ locked = false } = {}): { held: Promise<void>; release: () => void } {
  const hold = oneHold();
  afterSessionCheck = async (options) => {
    if ((options?.lock ?? false) !== locked) return;
    afterSessionCheck = null;
    await hold.wait();
  };
  return hold;
}

describe('a consent given while a new password ends its session', () => {
  it.each(newPasswordWays(() => servers.first))(
    'gives no code to a session whose password was %s after its check',
    async (_, prepare) => {
      const session = await memberToken(servers.first);
      const randomKey = await randomKeyFor(servers.first, client);
      const newPassword = await prepare();
      const hold = holdTheNextConsent();
      const consenting = authorize(servers.second, session, { random_key: randomKey, client_id: client.clientId });
      await hold.held;

      expect(await newPassword()).toBe('C01');
      hold.release();

      expect((await consenting).json()).toEqual({
        rcrm: { RC: 'TOKEN_INVALID', RM: RC_MESSAGES.TOKEN_INVALID },
        results: {},
      });
      expect(await servers.first.db.select().from(oauthCodes)).toEqual([]);
    },
  );

  it('leaves the hop open for the member’s own session', async () => {
    const session = await memberToken(servers.first);
    const owner = await memberToken(servers.first);
    const randomKey = await randomKeyFor(servers.first, client);
    const hold = holdTheNextConsent();
    const consenting = authorize(servers.second, session, { random_key: randomKey, client_id: client.clientId });
    await hold.held;
    expect(await rc(changePassword(servers.first, owner, MEMBER.password, 'fresh2026'))).toBe('C01');
    hold.release();
    expect((await consenting).json().rcrm.RC).toBe('TOKEN_INVALID');

    const own = await authorize(servers.second, owner, { random_key: randomKey, client_id: client.clientId });
    expect(own.json().rcrm.RC).toBe('C01');
    expect(await servers.first.db.select().from(oauthCodes)).toHaveLength(1);
  });
});

describe('a code given before a new password', () => {
  // Whoever held the session, or knew the old password, could have started the hop: the code it
  // gave is a way in the old password opened, and ends with it, as the sessions do (decision 0024).
  it.each(newPasswordWays(() => servers.first))(
    'is refused to the partner once the password is %s, and kept unused',
    async (_, prepare) => {
      const session = await memberToken(servers.first);
      const code = await codeFor(servers.first, client, session);
      const newPassword = await prepare();
      expect(await newPassword()).toBe('C01');

      expect((await exchange(servers.second, client, code)).json().rcrm.RC).toBe('OAUTH_REQUEST_INVALID');
      const [row] = await servers.first.db.select().from(oauthCodes);
      expect(row).toMatchObject({ usedAt: null, revokedReason: 'password changed' });
      expect(row?.revokedAt).not.toBeNull();
    },
  );

  // Held inside the claim's transaction: on PGlite that one connection is every instance's.
  it.skipIf(!onPostgres).each(newPasswordWays(() => servers.first))(
    'is refused when the password is %s while the partner exchanges it, found and not yet claimed',
    async (_, prepare) => {
      const session = await memberToken(servers.first);
      const code = await codeFor(servers.first, client, session);
      const newPassword = await prepare();
      const hold = oneHold();
      beforeClaim = hold.wait;
      const exchanging = exchange(servers.second, client, code);
      await hold.held;
      expect(await newPassword()).toBe('C01');
      hold.release();

      expect((await exchanging).json().rcrm.RC).toBe('OAUTH_REQUEST_INVALID');
      const [row] = await servers.first.db.select().from(oauthCodes);
      expect(row).toMatchObject({ usedAt: null, revokedReason: 'password changed' });
    },
  );
});

describe('a new password that comes while a consent gives its code', () => {
  // The consent holds the member's session until its code is given; the new password ends that
  // session. Each must wait for the other in the same order, or PostgreSQL ends one with an error.
  it.skipIf(!onPostgres)('waits for the code, then ends the session: both answer', async () => {
    const session = await memberToken(servers.first);
    const owner = await memberToken(servers.first);
    const randomKey = await randomKeyFor(servers.first, client);
    const hold = holdTheNextConsent({ locked: true });
    const consenting = authorize(servers.second, session, { random_key: randomKey, client_id: client.clientId });
    await hold.held;

    const changing = rc(changePassword(servers.first, owner, MEMBER.password, 'fresh2026'));
    await untilAStatementWaitsOnALock(servers.first.testDatabase.url);
    hold.release();

    expect((await consenting).json().rcrm.RC).toBe('C01');
    expect(await changing).toBe('C01');
    expect(await rc(authorize(servers.second, session, { random_key: randomKey, client_id: client.clientId }))).toBe(
      'TOKEN_INVALID',
    );
  });
});
