import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installRuntimeConfig } from '../support/config';

// The signing code (@noble) loads with the first call. On a weak signal it can be lost on the
// way or stall: each test gives the client a signing code that does one or the other.

const CRYPTO = '../../../src/api/crypto';
const NETWORK = { rc: 'NETWORK_FAILURE', message: '網路連線不穩定，請確認連線後再試一次' };

async function clientWhoseSigningCode(arrives: () => Promise<unknown>) {
  vi.resetModules();
  vi.doMock(CRYPTO, arrives);
  installRuntimeConfig();
  (await import('../../../src/config')).loadConfig();
  return import('../../../src/api/client');
}

beforeEach(() => {
  vi.useRealTimers();
});
afterEach(() => {
  vi.doUnmock(CRYPTO);
  vi.useRealTimers();
});

describe('the signing code, loaded with the first call', () => {
  it('lost on the way, is the connection: the call fails as one with no answer, never as a system error', async () => {
    const client = await clientWhoseSigningCode(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/crypto.js')),
    );
    await expect(client.encrypt('0912345678')).rejects.toMatchObject(NETWORK);
    await expect(client.callApi('logout', { token: 'token' })).rejects.toMatchObject(NETWORK);
  });

  it('stalled, ends at the call deadline with the network message', async () => {
    const client = await clientWhoseSigningCode(() => new Promise(() => {}));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let outcome: unknown = 'pending';
    const failure = client.encrypt('0912345678').catch((error: unknown) => {
      outcome = error;
    });
    await vi.advanceTimersByTimeAsync(client.CALL_DEADLINE_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await failure;
    expect(outcome).toMatchObject(NETWORK);
    expect(outcome).toBeInstanceOf(client.ApiError);
  });

  it('once come, leaves no deadline running', async () => {
    const client = await clientWhoseSigningCode(async () => ({ encryptValue: () => 'sealed' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    expect(await client.encrypt('0912345678')).toBe('sealed');
    expect(vi.getTimerCount()).toBe(0);
  });
});
