import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import { oauthCodes, oauthRequests } from '../../server/db/schema';
import { sha256Hex } from '../../server/lib/secrets';
import { issueToken, revokeToken } from '../../server/modules/tokens/service';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { tableContents } from './helpers/database';
import { addMember, memberToken } from './helpers/members';
import {
  addClient,
  authorize,
  exchange,
  info,
  REDIRECT_URI,
  randomKeyFor,
  STATE,
  type TestClient,
} from './helpers/oauth';

let t: TestApp;
let client: TestClient;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await addMember(t);
  token = await memberToken(t);
  client = await addClient(t, { name: '好鄰居商城' });
});

const codeOf = (answer: { json: () => { results: { location: string } } }) =>
  new URL(answer.json().results.location).searchParams.get('code') ?? '';

const refusedRequest = { rcrm: { RC: 'OAUTH_REQUEST_INVALID', RM: RC_MESSAGES.OAUTH_REQUEST_INVALID }, results: {} };

describe('POST /oauth/info (signed, from the member’s browser)', () => {
  it('names the client behind a live random_key', async () => {
    const randomKey = await randomKeyFor(t, client);
    const response = await info(t, randomKey);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 },
      results: { client: { name: '好鄰居商城', id: client.clientId } },
    });
  });

  it('can be asked again while the hop is open, and changes nothing', async () => {
    const randomKey = await randomKeyFor(t, client);
    const before = await tableContents(t.db);
    await info(t, randomKey);
    expect((await info(t, randomKey)).json().rcrm.RC).toBe('C01');
    expect(await tableContents(t.db)).toEqual(before);
  });

  it('answers OAUTH_REQUEST_INVALID with its RM for an unknown key', async () => {
    expect((await info(t, 'A'.repeat(43))).json()).toEqual(refusedRequest);
    expect((await info(t, 'not-even-the-right-shape')).json()).toEqual(refusedRequest);
  });

  it('answers OAUTH_REQUEST_INVALID once the key has expired (10 minutes)', async () => {
    const randomKey = await randomKeyFor(t, client);
    t.clock.advance(LIMITS.oauthRequestMs - 1000);
    expect((await info(t, randomKey)).json().rcrm.RC).toBe('C01');
    t.clock.advance(1000);
    expect((await info(t, randomKey)).json()).toEqual(refusedRequest);
  });

  it('still names the client after the consent, until the client has the member', async () => {
    // The consent's answer may have been lost on the way: the page, opened again, goes on.
    const randomKey = await randomKeyFor(t, client);
    const code = codeOf(await authorize(t, token, { random_key: randomKey, client_id: client.clientId }));
    expect((await info(t, randomKey)).json().rcrm.RC).toBe('C01');
    expect((await exchange(t, client, code)).json().rcrm.RC).toBe('C01');
    expect((await info(t, randomKey)).json()).toEqual(refusedRequest);
  });

  it('answers PARAMETER_INVALID (400) without a random_key', async () => {
    const response = await info(t, undefined);
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RM).toBe(`${RC_MESSAGES.PARAMETER_INVALID}（random_key）`);
  });

  it('needs the signed envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/oauth/info', payload: { random_key: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
  });
});

describe('POST /oauth/authorize (signed, with the member token)', () => {
  it('answers the registered redirect URI with a single-use code and the same state', async () => {
    const randomKey = await randomKeyFor(t, client);
    const response = await authorize(t, token, { random_key: randomKey, client_id: client.clientId });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.rcrm).toEqual({ RC: 'C01', RM: RC_MESSAGES.C01 });
    const location = new URL(body.results.location);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect([...location.searchParams.keys()]).toEqual(['code', 'state']);
    expect(location.searchParams.get('state')).toBe(STATE);
    const code = location.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [request] = await t.db.select().from(oauthRequests);
    expect(request?.usedAt).toEqual(t.clock.now());
    const codes = await t.db.select().from(oauthCodes);
    expect(codes).toEqual([
      expect.objectContaining({
        codeHash: sha256Hex(code),
        requestId: request?.id,
        expiresAt: new Date(t.clock.now().getTime() + LIMITS.oauthCodeMs),
        usedAt: null,
        revokedAt: null,
      }),
    ]);
    expect(JSON.stringify(codes)).not.toContain(code);
  });

  it('keeps the registered URI’s own query and encodes the state', async () => {
    const registered = 'https://client.example.com/cb?tenant=tw&lang=zh-TW';
    const withQuery = await addClient(t, { redirectUris: [registered] });
    const state = 'a b&c=d?#';
    const randomKey = await randomKeyFor(t, withQuery, { state });
    const response = await authorize(t, token, { random_key: randomKey, client_id: withQuery.clientId, state });
    const location = new URL(response.json().results.location);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      tenant: 'tw',
      lang: 'zh-TW',
      code: expect.any(String),
      state,
    });
    expect(location.hash).toBe('');
  });

  describe('asked again (the first answer lost on a weak signal)', () => {
    it('gives the same member a new code in place of the first, which no longer works', async () => {
      const randomKey = await randomKeyFor(t, client);
      const first = codeOf(await authorize(t, token, { random_key: randomKey, client_id: client.clientId }));
      t.clock.advance(5_000);
      const again = await authorize(t, token, { random_key: randomKey, client_id: client.clientId });
      expect(again.json().rcrm.RC).toBe('C01');
      const second = codeOf(again);
      expect(second).not.toBe(first);
      expect(await t.db.select().from(oauthCodes)).toEqual([
        expect.objectContaining({
          codeHash: sha256Hex(second),
          expiresAt: new Date(t.clock.now().getTime() + LIMITS.oauthCodeMs),
          usedAt: null,
          revokedAt: null,
        }),
      ]);
      expect((await exchange(t, client, first)).json()).toEqual(refusedRequest);
      expect((await exchange(t, client, second)).json().rcrm.RC).toBe('C01');
    });

    it('still goes on after the first code has expired unused, within the key’s 10 minutes', async () => {
      const randomKey = await randomKeyFor(t, client);
      await authorize(t, token, { random_key: randomKey, client_id: client.clientId });
      t.clock.advance(LIMITS.oauthCodeMs * 3);
      const code = codeOf(await authorize(t, token, { random_key: randomKey, client_id: client.clientId }));
      expect((await exchange(t, client, code)).json().rcrm.RC).toBe('C01');
    });

    it('is refused once the client has the member, and the grant stands', async () => {
      const randomKey = await randomKeyFor(t, client);
      const code = codeOf(await authorize(t, token, { random_key: randomKey, client_id: client.clientId }));
      expect((await exchange(t, client, code)).json().rcrm.RC).toBe('C01');
      const again = await authorize(t, token, { random_key: randomKey, client_id: client.clientId });
      expect(again.json()).toEqual(refusedRequest);
      expect(await t.db.select().from(oauthCodes)).toEqual([
        expect.objectContaining({ codeHash: sha256Hex(code), usedAt: t.clock.now(), revokedAt: null }),
      ]);
    });

    it('is refused to another member, whose consent cannot take the first one’s place', async () => {
      const randomKey = await randomKeyFor(t, client);
      const code = codeOf(await authorize(t, token, { random_key: randomKey, client_id: client.clientId }));
      await addMember(t, { mobile: '0922333444' });
      const other = await memberToken(t, '0922333444');
      expect((await authorize(t, other, { random_key: randomKey, client_id: client.clientId })).json()).toEqual(
        refusedRequest,
      );
      const profile = (await exchange(t, client, code)).json().results.member_profile;
      expect(profile.mobile).not.toBe('0922333444');
    });

    it('is refused once the key has expired, the code unused or not', async () => {
      const randomKey = await randomKeyFor(t, client);
      await authorize(t, token, { random_key: randomKey, client_id: client.clientId });
      t.clock.advance(LIMITS.oauthRequestMs);
      expect((await authorize(t, token, { random_key: randomKey, client_id: client.clientId })).json()).toEqual(
        refusedRequest,
      );
      expect((await info(t, randomKey)).json()).toEqual(refusedRequest);
    });

    it('keeps one code when the same key is authorized twice at once, and one of the two answers works', async () => {
      const randomKey = await randomKeyFor(t, client);
      const answers = await Promise.all([
        authorize(t, token, { random_key: randomKey, client_id: client.clientId }),
        authorize(t, token, { random_key: randomKey, client_id: client.clientId }),
      ]);
      expect(answers.map((a) => a.json().rcrm.RC)).toEqual(['C01', 'C01']);
      expect(await t.db.select().from(oauthCodes)).toHaveLength(1);
      const exchanged = [];
      for (const answer of answers) exchanged.push((await exchange(t, client, codeOf(answer))).json().rcrm.RC);
      expect(exchanged.sort()).toEqual(['C01', 'OAUTH_REQUEST_INVALID']);
    });
  });

  it('refuses an expired random_key', async () => {
    const randomKey = await randomKeyFor(t, client);
    t.clock.advance(LIMITS.oauthRequestMs);
    expect((await authorize(t, token, { random_key: randomKey, client_id: client.clientId })).json()).toEqual(
      refusedRequest,
    );
  });

  it.each([
    ['another client’s id', { client_id: 'some-other-client-0001' }],
    ['another state', { state: 'forged-state' }],
    ['an unknown random_key', { random_key: 'B'.repeat(43) }],
  ])('refuses %s and leaves the hop open', async (_, change) => {
    const randomKey = await randomKeyFor(t, client);
    const response = await authorize(t, token, { random_key: randomKey, client_id: client.clientId, ...change });
    expect(response.json()).toEqual(refusedRequest);
    expect(await t.db.select().from(oauthCodes)).toEqual([]);
    expect((await info(t, randomKey)).json().rcrm.RC).toBe('C01');
  });

  describe('without a live member token', () => {
    it.each([
      ['no token', async () => null],
      ['an unknown token', async () => 'C'.repeat(43)],
      [
        'a temp (registration) token',
        async () => {
          const [member] = await t.db.query.members.findMany();
          return (await issueToken(t.db, member?.id ?? '', { kind: 'temp', purpose: 'register' }, t.clock.now())).token;
        },
      ],
      [
        'a revoked member token',
        async () => {
          const [member] = await t.db.query.members.findMany();
          const issued = await issueToken(t.db, member?.id ?? '', { kind: 'member' }, t.clock.now());
          await revokeToken(t.db, issued.tokenId, t.clock.now());
          return issued.token;
        },
      ],
    ])('answers TOKEN_INVALID for %s and leaves the hop open', async (_, tokenFor) => {
      const randomKey = await randomKeyFor(t, client);
      const response = await authorize(t, await tokenFor(), { random_key: randomKey, client_id: client.clientId });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        rcrm: { RC: 'TOKEN_INVALID', RM: RC_MESSAGES.TOKEN_INVALID },
        results: {},
      });
      expect(await t.db.select().from(oauthCodes)).toEqual([]);
      expect((await info(t, randomKey)).json().rcrm.RC).toBe('C01');
    });

    it('answers TOKEN_INVALID once the member token has expired (365 days)', async () => {
      t.clock.advance(LIMITS.memberTokenMs);
      const randomKey = await randomKeyFor(t, client);
      const response = await authorize(t, token, { random_key: randomKey, client_id: client.clientId });
      expect(response.json().rcrm.RC).toBe('TOKEN_INVALID');
    });
  });

  it('answers PARAMETER_INVALID (400) naming a missing field', async () => {
    const response = await postSigned(t, '/oauth/authorize', {
      token,
      request_parameter: { random_key: 'x', state: STATE },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RM).toBe(`${RC_MESSAGES.PARAMETER_INVALID}（client_id）`);
  });
});
