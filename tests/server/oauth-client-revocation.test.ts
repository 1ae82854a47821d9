import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { oauthCodes } from '../../server/db/schema';
import * as clients from '../../server/modules/oauth/clients';
import { replaceClientSecret, revokeClient } from '../../server/modules/oauth/service';
import { oneHold } from './helpers/holds';
import { addMember, memberToken } from './helpers/members';
import {
  addClient,
  authorize,
  codeFor,
  exchange,
  info,
  randomKeyFor,
  requestHop,
  type TestClient,
} from './helpers/oauth';
import { twoInstancesOverOneDatabase } from './helpers/two-instances';

// Each exchange's check of its client goes through here, so a test can hold an exchange just
// after that check, as a slow moment on a busy server would.
let afterClientCheck: (() => Promise<void>) | null = null;
vi.mock('../../server/modules/oauth/clients', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/modules/oauth/clients')>();
  return {
    ...real,
    authenticateClient: vi.fn(async (...args: Parameters<typeof real.authenticateClient>) => {
      const checked = await real.authenticateClient(...args);
      await afterClientCheck?.();
      return checked;
    }),
  };
});

// Two app instances over one database, as behind a load balancer: the operator's command
// reaches the database, and the instance that did not run it must refuse the client as well.
const servers = twoInstancesOverOneDatabase();
let client: TestClient;
let token: string;

beforeEach(async () => {
  afterClientCheck = null;
  vi.mocked(clients.authenticateClient).mockClear();
  await servers.first.reset();
  await addMember(servers.first);
  token = await memberToken(servers.first);
  client = await addClient(servers.first, { name: '到期夥伴' });
});

const run = promisify(execFile);

/**
 * The operator's command, on the shared database. On PostgreSQL it is the real command, a
 * process of its own beside the two servers; PGlite is held by this process alone, so there
 * the test calls what the command calls.
 */
async function operator(action: 'revoke' | 'rotate-secret', clientId: string): Promise<string> {
  const url = servers.first.testDatabase.url;
  if (url) {
    const args = ['--import', 'tsx', 'server/cli/oauth-clients.ts', action, '--id', clientId];
    const { stdout } = await run(process.execPath, args, { env: { ...process.env, DATABASE_URL: url } });
    return /^client_secret：\s*(\S+)$/m.exec(stdout)?.[1] ?? '';
  }
  if (action === 'revoke') {
    await revokeClient(servers.first.db, clientId, new Date());
    return '';
  }
  const outcome = await replaceClientSecret(servers.first.db, clientId);
  return outcome.result === 'replaced' ? outcome.clientSecret : '';
}

const rcOf = async (answer: Promise<LightMyRequestResponse>) => (await answer).json().rcrm;
const clientRefused = { RC: 'OAUTH_CLIENT_INVALID', RM: RC_MESSAGES.OAUTH_CLIENT_INVALID };

describe('a revoked OAuth client, on the instance that did not revoke it', () => {
  it('cannot start a hop, and a hop it started or a code it was given no longer works', async () => {
    const startedKey = await randomKeyFor(servers.first, client);
    const issuedCode = await codeFor(servers.first, client, token);

    await operator('revoke', client.clientId);

    for (const t of [servers.second, servers.first]) {
      expect(await rcOf(requestHop(t, client))).toEqual(clientRefused);
      expect(await rcOf(info(t, startedKey))).toEqual(clientRefused);
      expect(await rcOf(authorize(t, token, { random_key: startedKey, client_id: client.clientId }))).toEqual(
        clientRefused,
      );
      expect(await rcOf(exchange(t, client, issuedCode))).toEqual(clientRefused);
    }
  });

  it('leaves the other clients working', async () => {
    const other = await addClient(servers.first, { name: '好鄰居商城', redirectUris: ['https://shop.example.com/cb'] });
    await operator('revoke', client.clientId);
    const code = await codeFor(servers.second, other, token);
    expect(await rcOf(exchange(servers.second, other, code))).toMatchObject({ RC: 'C01' });
  });
});

describe('a client given a new secret, on the instance that did not replace it', () => {
  it('refuses the old secret at once and takes the new one, for a hop and for a code issued before', async () => {
    const issuedCode = await codeFor(servers.first, client, token);

    const clientSecret = await operator('rotate-secret', client.clientId);
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const renewed = { ...client, clientSecret };

    expect(await rcOf(requestHop(servers.second, client))).toEqual(clientRefused);
    expect(await rcOf(exchange(servers.second, client, issuedCode))).toEqual(clientRefused);
    // The code reached only the partner's registered redirect URI: once the partner has the new
    // secret, the member's consent given before the change still signs them in.
    expect(await rcOf(exchange(servers.second, renewed, issuedCode))).toMatchObject({ RC: 'C01' });
    expect(await rcOf(requestHop(servers.second, renewed))).toMatchObject({ RC: 'C01' });
  });
});

/** Holds the next exchange just after its client passed the check, until `release`. */
function holdTheNextExchange(): { held: Promise<void>; release: () => void } {
  const hold = oneHold();
  afterClientCheck = () => {
    afterClientCheck = null;
    return hold.wait();
  };
  return hold;
}

describe('a revocation or a new secret that comes while a client is exchanging a code', () => {
  // Between the client's check and the code's use, a profile would otherwise go to a client the
  // operator has just cut off, or to whoever still holds the secret just replaced.
  it.each([
    ['revoked', (clientId: string) => revokeClient(servers.first.db, clientId, new Date())],
    ['given a new secret', (clientId: string) => replaceClientSecret(servers.first.db, clientId)],
  ])('refuses the exchange whose client was %s after its check, and leaves the code unused', async (_, change) => {
    const code = await codeFor(servers.first, client, token);
    const hold = holdTheNextExchange();
    const exchanging = rcOf(exchange(servers.second, client, code));
    await hold.held;

    await change(client.clientId);
    hold.release();

    expect(await exchanging).toEqual(clientRefused);
    const [row] = await servers.first.db.select({ usedAt: oauthCodes.usedAt }).from(oauthCodes);
    expect(row).toEqual({ usedAt: null });
  });
});
