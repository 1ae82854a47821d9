import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES, VALIDATION_MESSAGES } from '#protocol';
import { LIMITS, loadConfig } from '../../server/config';
import { oauthRequests } from '../../server/db/schema';
import { publicOrigin } from '../../server/lib/public-origin';
import { sha256Hex } from '../../server/lib/secrets';
import { startTestApp, TEST_ENV, type TestApp } from './helpers/app';
import { type TableContents, tableContents } from './helpers/database';
import {
  addClient,
  info,
  pkcePair,
  postPlain,
  REDIRECT_URI,
  requestHop,
  STATE,
  type TestClient,
} from './helpers/oauth';

const DAY = 24 * 60 * 60_000;
let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  client = await addClient(t, { redirectUris: [REDIRECT_URI, 'https://client.example.com/other?lang=zh'] });
});

describe('POST /oauth/request (server-to-server, plain JSON)', () => {
  it('answers a single-use random_key and the authorize_url on the member app, not cached', async () => {
    const response = await requestHop(t, client, { redirect_uri: 'https://client.example.com/other?lang=zh' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.rcrm).toEqual({ RC: 'C01', RM: RC_MESSAGES.C01 });
    const randomKey = body.results.random_key;
    expect(randomKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const url = new URL(body.results.authorize_url);
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:3000/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      random_key: randomKey,
      client_id: client.clientId,
      state: STATE,
    });
  });

  it('keeps the random_key only as its hash, living 10 minutes, with the redirect URI and state', async () => {
    const { challenge } = pkcePair();
    const response = await requestHop(t, client, { code_challenge: challenge, code_challenge_method: 'S256' });
    const randomKey = response.json().results.random_key;
    const rows = await t.db.select().from(oauthRequests);
    expect(rows).toEqual([
      expect.objectContaining({
        keyHash: sha256Hex(randomKey),
        clientId: client.clientId,
        redirectUri: REDIRECT_URI,
        state: STATE,
        codeChallenge: challenge,
        codeChallengeMethod: 'S256',
        expiresAt: new Date(t.clock.now().getTime() + LIMITS.oauthRequestMs),
        usedAt: null,
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(randomKey);
  });

  it('encodes a state with spaces and symbols so the member app reads it back unchanged', async () => {
    const state = 'a b&c=d/?#+%~';
    const response = await requestHop(t, client, { state });
    expect(new URL(response.json().results.authorize_url).searchParams.get('state')).toBe(state);
  });

  describe('refusals, which store nothing', () => {
    let before: TableContents;
    beforeEach(async () => {
      before = await tableContents(t.db);
    });

    it.each([
      ['a wrong client_secret', { client_secret: 'x'.repeat(43) }],
      ['an unknown client_id', { client_id: 'no-such-client-000000' }],
      ['an unregistered redirect_uri', { redirect_uri: 'https://evil.example.net/oauth/callback' }],
      ['a redirect_uri one slash longer', { redirect_uri: `${REDIRECT_URI}/` }],
      ['a redirect_uri that only starts like a registered one', { redirect_uri: `${REDIRECT_URI}/../steal` }],
      ['a redirect_uri in other letter case', { redirect_uri: REDIRECT_URI.replace('client', 'Client') }],
      ['a redirect_uri with an extra query', { redirect_uri: `${REDIRECT_URI}?next=/steal` }],
      ['a registered query left off', { redirect_uri: 'https://client.example.com/other' }],
    ])('answers OAUTH_CLIENT_INVALID for %s', async (_, extra) => {
      const response = await requestHop(t, client, extra);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        rcrm: { RC: 'OAUTH_CLIENT_INVALID', RM: RC_MESSAGES.OAUTH_CLIENT_INVALID },
        results: {},
      });
      expect(await tableContents(t.db)).toEqual(before);
    });

    it('does not accept another client’s redirect URI', async () => {
      const other = await addClient(t, { redirectUris: ['https://other.example.org/cb'] });
      before = await tableContents(t.db);
      const response = await requestHop(t, client, { redirect_uri: other.redirectUri });
      expect(response.json().rcrm.RC).toBe('OAUTH_CLIENT_INVALID');
      expect(await tableContents(t.db)).toEqual(before);
    });

    it('answers PARAMETER_INVALID (400) naming the field for a state with a line break', async () => {
      const response = await requestHop(t, client, { state: 'a\nb' });
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm).toEqual({
        RC: 'PARAMETER_INVALID',
        RM: `${VALIDATION_MESSAGES.controlCharacters}（state）`,
      });
      expect(await tableContents(t.db)).toEqual(before);
    });

    it.each([
      ['no state', { state: undefined }, 'state'],
      ['an empty state', { state: '' }, 'state'],
      ['a state over 512 characters', { state: 's'.repeat(LIMITS.oauthStateMaxLength + 1) }, 'state'],
      ['a state that is a number', { state: 42 }, 'state'],
      ['no client_secret', { client_secret: undefined }, 'client_secret'],
      ['no redirect_uri', { redirect_uri: undefined }, 'redirect_uri'],
      ['a code_challenge without its method', { code_challenge: pkcePair().challenge }, 'code_challenge_method'],
      [
        'the plain PKCE method',
        { code_challenge: pkcePair().challenge, code_challenge_method: 'plain' },
        'code_challenge_method',
      ],
      ['a method without a challenge', { code_challenge_method: 'S256' }, 'code_challenge_method'],
      [
        'a challenge that is no SHA-256',
        { code_challenge: 'a'.repeat(42), code_challenge_method: 'S256' },
        'code_challenge',
      ],
      [
        'a challenge with padding',
        { code_challenge: `${'a'.repeat(42)}=`, code_challenge_method: 'S256' },
        'code_challenge',
      ],
    ])('answers PARAMETER_INVALID (400) naming the field for %s', async (_, extra, field) => {
      const response = await requestHop(t, client, extra);
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm).toEqual({
        RC: 'PARAMETER_INVALID',
        RM: `${RC_MESSAGES.PARAMETER_INVALID}（${field}）`,
      });
      expect(await tableContents(t.db)).toEqual(before);
    });

    it.each([
      ['broken JSON', '{"client_id": '],
      ['a JSON array', '[]'],
      ['JSON null', 'null'],
      ['an empty body', ''],
    ])('answers PARAMETER_INVALID (400) for %s, never 5xx', async (_, payload) => {
      const response = await postPlain(t, '/oauth/request', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
      expect(await tableContents(t.db)).toEqual(before);
    });

    it('answers PARAMETER_INVALID (400) for a form-encoded body', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/oauth/request',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `client_id=${client.clientId}&client_secret=${client.clientSecret}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
    });

    it('is not a signed call: a signed envelope is just a body without the fields', async () => {
      const response = await postPlain(t, '/oauth/request', { sign: 'e30=.00' });
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm.RM).toBe(`${RC_MESSAGES.PARAMETER_INVALID}（client_id）`);
    });
  });

  // A partner's burst of hops must not make its next request wait for a delete of them all:
  // the housekeeping sweep removes finished hops, in batches (housekeeping-hops.test.ts).
  it('leaves hops long past their end to the housekeeping sweep: a request removes none', async () => {
    const old = (await requestHop(t, client)).json().results.random_key;
    t.clock.advance(LIMITS.oauthRequestMs + DAY + 1);
    const recent = (await requestHop(t, client)).json().results.random_key;
    const rows = await t.db.select({ keyHash: oauthRequests.keyHash }).from(oauthRequests);
    expect(rows.map((row) => row.keyHash).sort()).toEqual([sha256Hex(old), sha256Hex(recent)].sort());
    expect((await info(t, recent)).json().rcrm.RC).toBe('C01');
    expect((await info(t, old)).json().rcrm.RC).toBe('OAUTH_REQUEST_INVALID');
  });
});

describe('the origin of authorize_url', () => {
  it('is PUBLIC_URL when it is set', async () => {
    const own = await startTestApp({ env: { PUBLIC_URL: 'https://member.example.com/' } });
    try {
      const ownClient = await addClient(own);
      const response = await requestHop(own, ownClient, {});
      expect(response.json().results.authorize_url).toMatch(/^https:\/\/member\.example\.com\/authorize\?random_key=/);
    } finally {
      await own.close();
    }
  });

  it.each([
    ['PUBLIC_URL', { PUBLIC_URL: 'https://member.example.com' }, 'https://member.example.com'],
    ['no PUBLIC_URL', {}, 'http://127.0.0.1:3000'],
  ])('never takes a forged Host or X-Forwarded-Host, even behind a trusted proxy (%s)', async (_, env, origin) => {
    const proxied = await startTestApp({ env: { ...env, TRUST_PROXY: '1' } });
    try {
      const proxiedClient = await addClient(proxied);
      const forged = { host: 'evil.example.net', 'x-forwarded-host': 'evil.example.net', 'x-forwarded-proto': 'https' };
      const response = await postPlain(
        proxied,
        '/oauth/request',
        {
          client_id: proxiedClient.clientId,
          client_secret: proxiedClient.clientSecret,
          redirect_uri: REDIRECT_URI,
          state: STATE,
        },
        forged,
      );
      const authorizeUrl = response.json().results.authorize_url;
      expect(new URL(authorizeUrl).origin).toBe(origin);
      expect(authorizeUrl).not.toContain('evil');
    } finally {
      await proxied.close();
    }
  });

  it('without PUBLIC_URL (development and tests only) is the listen origin HOST:PORT', async () => {
    const own = await startTestApp({ env: { HOST: '0.0.0.0', PORT: '8080' } });
    try {
      const response = await requestHop(own, await addClient(own), {});
      expect(response.json().results.authorize_url).toMatch(/^http:\/\/localhost:8080\/authorize\?random_key=/);
    } finally {
      await own.close();
    }
  });

  it.each([
    ['127.0.0.1', 'http://127.0.0.1:3000'],
    ['0.0.0.0', 'http://localhost:3000'],
    ['::', 'http://localhost:3000'],
    ['::1', 'http://[::1]:3000'],
    ['member.internal', 'http://member.internal:3000'],
  ])('names HOST=%s as %s, localhost for every interface and IPv6 in brackets', (host, origin) => {
    expect(publicOrigin({ publicUrl: null, host, port: 3000 })).toBe(origin);
  });

  it('PUBLIC_URL must be an origin', () => {
    expect(loadConfig({ ...TEST_ENV, PUBLIC_URL: 'https://member.example.com' }).publicUrl).toBe(
      'https://member.example.com',
    );
    expect(loadConfig({ ...TEST_ENV }).publicUrl).toBeNull();
    for (const bad of ['member.example.com', 'https://member.example.com/app', 'ftp://member.example.com']) {
      expect(() => loadConfig({ ...TEST_ENV, PUBLIC_URL: bad })).toThrow(/PUBLIC_URL/);
    }
  });
});
