import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import type { Db } from '../../server/db/client';
import { oauthCodes } from '../../server/db/schema';
import { authorizeRequest, exchangeCode } from '../../server/modules/oauth/service';
import { startTestApp, type TestApp } from './helpers/app';
import { type TableContents, tableContents } from './helpers/database';
import { addMember, MEMBER, memberToken } from './helpers/members';
import {
  addClient,
  codeFor,
  exchange,
  pkcePair,
  postPlain,
  randomKeyFor,
  STATE,
  type TestClient,
} from './helpers/oauth';

let t: TestApp;
let client: TestClient;
let token: string;
let memberId: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  const member = await addMember(t, { gender: 'F', email: 'ming@example.com', birthday: '1990/07/15' });
  memberId = member.id;
  token = await memberToken(t);
  client = await addClient(t);
});

const refused = (rc: 'OAUTH_REQUEST_INVALID' | 'OAUTH_CLIENT_INVALID') => ({
  rcrm: { RC: rc, RM: RC_MESSAGES[rc] },
  results: {},
});

/** The code in an authorize outcome's location. */
const codeIn = (outcome: Awaited<ReturnType<typeof authorizeRequest>> | undefined) =>
  outcome?.rc === 'C01' ? (new URL(outcome.location).searchParams.get('code') ?? '') : '';

const codeRow = async () => (await t.db.select().from(oauthCodes))[0];

describe('POST /oauth/token (server-to-server, plain JSON)', () => {
  it('trades the code for the member’s stable id and profile, not cached', async () => {
    const code = await codeFor(t, client, token);
    const response = await exchange(t, client, code);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 },
      results: {
        member_profile: {
          id: memberId,
          name: MEMBER.name,
          mobile: MEMBER.mobile,
          gender: 'F',
          email: 'ming@example.com',
          birthday: '1990/07/15',
          is_verified: true,
        },
      },
    });
    expect((await codeRow())?.usedAt).toEqual(t.clock.now());
  });

  it('answers null for what the member has not given', async () => {
    await addMember(t, { mobile: '0922333444', gender: null, email: null, birthday: null, isVerified: false });
    const code = await codeFor(t, client, await memberToken(t, '0922333444'));
    const profile = (await exchange(t, client, code)).json().results.member_profile;
    expect(profile).toMatchObject({
      mobile: '0922333444',
      gender: null,
      email: null,
      birthday: null,
      is_verified: false,
    });
  });

  describe('a code used twice', () => {
    it('is refused the second time and the first grant is revoked', async () => {
      const code = await codeFor(t, client, token);
      expect((await exchange(t, client, code)).json().rcrm.RC).toBe('C01');
      t.clock.advance(5_000);
      expect((await exchange(t, client, code)).json()).toEqual(refused('OAUTH_REQUEST_INVALID'));
      const row = await codeRow();
      expect(row?.revokedAt).toEqual(t.clock.now());
      expect(row?.revokedReason).toMatch(/again/);
      t.clock.advance(5_000);
      expect((await exchange(t, client, code)).json()).toEqual(refused('OAUTH_REQUEST_INVALID'));
    });

    it('is refused and revoked even after it would have expired', async () => {
      const code = await codeFor(t, client, token);
      await exchange(t, client, code);
      t.clock.advance(LIMITS.oauthCodeMs * 10);
      expect((await exchange(t, client, code)).json().rcrm.RC).toBe('OAUTH_REQUEST_INVALID');
      expect((await codeRow())?.revokedAt).toEqual(t.clock.now());
    });

    it('gives the profile once when exchanged twice at once', async () => {
      const code = await codeFor(t, client, token);
      const answers = await Promise.all([exchange(t, client, code), exchange(t, client, code)]);
      expect(answers.map((a) => a.json().rcrm.RC).sort()).toEqual(['C01', 'OAUTH_REQUEST_INVALID']);
      expect((await codeRow())?.revokedAt).not.toBeNull();
    });
  });

  it('refuses a code the member’s consent replaced while it was being exchanged, and the new code works', async () => {
    // The consent asked again (its first answer lost) lands between the exchange's lookup of the
    // code and its claim: the exchange must not hand over the member on the replaced code, nor
    // count it as a replay that revokes the grant the new code carries.
    const randomKey = await randomKeyFor(t, client);
    const consent = { memberToken: token, randomKey, clientId: client.clientId, state: STATE };
    const first = await authorizeRequest(t.db, consent, t.clock.now());
    let again: Awaited<ReturnType<typeof authorizeRequest>> | undefined;
    const askAgain = () =>
      authorizeRequest(t.db, consent, t.clock.now()).then((answer) => {
        again = answer;
      });
    // The exchange's one transaction is its claim: it starts once the consent has answered.
    const consentBeforeClaim = new Proxy(t.db, {
      get(db, key, receiver) {
        if (key !== 'transaction') return Reflect.get(db, key, receiver);
        return (work: Parameters<Db['transaction']>[0]) => askAgain().then(() => db.transaction(work));
      },
    });
    const exchanged = await exchangeCode(
      consentBeforeClaim,
      { code: codeIn(first), clientId: client.clientId, clientSecret: client.clientSecret, codeVerifier: null },
      t.clock.now(),
    );
    expect(exchanged).toEqual({ rc: 'OAUTH_REQUEST_INVALID' });
    expect(again?.rc).toBe('C01');
    expect((await exchange(t, client, codeIn(again))).json().rcrm.RC).toBe('C01');
    expect(await codeRow()).toMatchObject({ revokedAt: null });
  });

  it('refuses an expired code (60 seconds)', async () => {
    const code = await codeFor(t, client, token);
    t.clock.advance(LIMITS.oauthCodeMs);
    expect((await exchange(t, client, code)).json()).toEqual(refused('OAUTH_REQUEST_INVALID'));
    expect((await codeRow())?.usedAt).toBeNull();
  });

  it('accepts a code just inside its 60 seconds', async () => {
    const code = await codeFor(t, client, token);
    t.clock.advance(LIMITS.oauthCodeMs - 1000);
    expect((await exchange(t, client, code)).json().rcrm.RC).toBe('C01');
  });

  it('refuses an unknown code', async () => {
    expect((await exchange(t, client, 'D'.repeat(43))).json()).toEqual(refused('OAUTH_REQUEST_INVALID'));
  });

  it('refuses a wrong client_secret with OAUTH_CLIENT_INVALID and leaves the code usable', async () => {
    const code = await codeFor(t, client, token);
    const response = await exchange(t, client, code, { client_secret: 'E'.repeat(43) });
    expect(response.json()).toEqual(refused('OAUTH_CLIENT_INVALID'));
    expect((await exchange(t, client, code)).json().rcrm.RC).toBe('C01');
  });

  it('refuses another client’s code, which its own client can still use', async () => {
    const other = await addClient(t, { name: '別家商店', redirectUris: ['https://other.example.org/cb'] });
    const code = await codeFor(t, client, token);
    expect((await exchange(t, other, code)).json()).toEqual(refused('OAUTH_REQUEST_INVALID'));
    const row = await codeRow();
    expect(row).toMatchObject({ usedAt: null, revokedAt: null });
    expect((await exchange(t, client, code)).json().rcrm.RC).toBe('C01');
  });

  describe('PKCE (S256)', () => {
    it('gives the profile for the verifier of the challenge', async () => {
      const { verifier, challenge } = pkcePair();
      const code = await codeFor(t, client, token, { code_challenge: challenge, code_challenge_method: 'S256' });
      const response = await exchange(t, client, code, { code_verifier: verifier });
      expect(response.json().results.member_profile.id).toBe(memberId);
    });

    it.each([
      ['a wrong verifier', { code_verifier: pkcePair().verifier }],
      ['no verifier', {}],
    ])('refuses %s, which does not spend the code', async (_, extra) => {
      const { verifier, challenge } = pkcePair();
      const code = await codeFor(t, client, token, { code_challenge: challenge, code_challenge_method: 'S256' });
      expect((await exchange(t, client, code, extra)).json()).toEqual(refused('OAUTH_REQUEST_INVALID'));
      expect((await codeRow())?.usedAt).toBeNull();
      expect((await exchange(t, client, code, { code_verifier: verifier })).json().rcrm.RC).toBe('C01');
    });

    it('refuses the challenge itself sent as the verifier (the plain method)', async () => {
      const { challenge } = pkcePair();
      const code = await codeFor(t, client, token, { code_challenge: challenge, code_challenge_method: 'S256' });
      expect((await exchange(t, client, code, { code_verifier: challenge })).json().rcrm.RC).toBe(
        'OAUTH_REQUEST_INVALID',
      );
    });

    it('refuses a verifier for a hop started without a challenge', async () => {
      const code = await codeFor(t, client, token);
      expect((await exchange(t, client, code, { code_verifier: pkcePair().verifier })).json().rcrm.RC).toBe(
        'OAUTH_REQUEST_INVALID',
      );
    });
  });

  describe('malformed bodies, which change nothing', () => {
    let code: string;
    let before: TableContents;
    beforeEach(async () => {
      code = await codeFor(t, client, token);
      before = await tableContents(t.db);
    });

    it.each([
      ['no code', { code: undefined }, 'code'],
      ['no client_id', { client_id: undefined }, 'client_id'],
      ['no client_secret', { client_secret: undefined }, 'client_secret'],
      ['a verifier under 43 characters', { code_verifier: 'short' }, 'code_verifier'],
      ['a verifier with forbidden characters', { code_verifier: `${'a'.repeat(42)}/` }, 'code_verifier'],
      ['a code that is an object', { code: { $ne: null } }, 'code'],
    ])('answers PARAMETER_INVALID (400) naming the field for %s', async (_, extra, field) => {
      const response = await exchange(t, client, code, extra);
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm.RM).toBe(`${RC_MESSAGES.PARAMETER_INVALID}（${field}）`);
      expect(await tableContents(t.db)).toEqual(before);
      expect((await codeRow())?.usedAt).toBeNull();
    });

    it('answers PARAMETER_INVALID (400) for broken JSON', async () => {
      const response = await postPlain(t, '/oauth/token', `{"code":"${code}"`);
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
    });
  });
});
