import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptValue, RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import { issueToken, revokeToken } from '../../server/modules/tokens/service';
import { enc, startTestApp, type TestApp } from './helpers/app';
import { addMember, memberToken } from './helpers/members';
import { changePassword } from './helpers/password';

const COOKIE_KEY = 'browser-secret-from-the-aes_key-cookie';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const URL = '/api/member/redirect_location';

/** The call as the web app makes it: x_token with the cookie's secret, plus the header with the CRM key. */
const viaCookie = (token: string, cookieKey = COOKIE_KEY) =>
  t.app.inject({
    method: 'GET',
    url: URL,
    query: { x_token: encryptValue(cookieKey, token) },
    cookies: { aes_key: COOKIE_KEY },
  });
const viaHeader = (token: string) => t.app.inject({ method: 'GET', url: URL, headers: { 'x-mmrm-token': enc(token) } });
const rcOf = async (response: Promise<{ json(): { rcrm: { RC: string } } }>) => (await response).json().rcrm.RC;

describe('GET /api/member/redirect_location', () => {
  it('sends a member to the default redirect address (x_token with the aes_key cookie)', async () => {
    await addMember(t);
    const response = await viaCookie(await memberToken(t));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 },
      results: { location: '/change_member' },
    });
  });

  it('accepts the token in the X-MMRM-TOKEN header, encrypted with the CRM AES key', async () => {
    await addMember(t);
    expect((await viaHeader(await memberToken(t))).json().results).toEqual({ location: '/change_member' });
  });

  it('tolerates an x_token whose + signs arrived as spaces', async () => {
    const member = await addMember(t);
    let xToken = '';
    while (!xToken.includes('+')) {
      const { token } = await issueToken(t.db, member.id, { kind: 'member' }, t.clock.now());
      xToken = encryptValue(COOKIE_KEY, token);
    }
    const url = `${URL}?x_token=${xToken.replaceAll('/', '%2F').replaceAll('=', '%3D')}`;
    const response = await t.app.inject({ method: 'GET', url, cookies: { aes_key: COOKIE_KEY } });
    expect(response.json().rcrm.RC).toBe('C01');
  });

  it('sends an imported legacy member to change the birthday password first', async () => {
    await addMember(t, { mobile: '0922000111', password: '19801201', mustChangePassword: true });
    expect((await viaCookie(await memberToken(t, '0922000111', '19801201'))).json().results).toEqual({
      location: '/change_pwd?reason=imported',
    });
  });

  it('answers the configured DEFAULT_REDIRECT_URL', async () => {
    const shop = await startTestApp({ env: { DEFAULT_REDIRECT_URL: 'https://shop.example.com/member' } });
    await addMember(shop);
    const response = await shop.app.inject({
      method: 'GET',
      url: URL,
      headers: { 'x-mmrm-token': enc(await memberToken(shop)) },
    });
    expect(response.json().results).toEqual({ location: 'https://shop.example.com/member' });
    await shop.close();
  });

  it('answers TOKEN_INVALID for a missing, unknown, garbled or wrongly encrypted token', async () => {
    await addMember(t);
    const token = await memberToken(t);
    expect(await rcOf(t.app.inject({ method: 'GET', url: URL }))).toBe('TOKEN_INVALID');
    expect(await rcOf(viaCookie('A'.repeat(43)))).toBe('TOKEN_INVALID');
    expect(await rcOf(viaCookie(token, 'another-browser'))).toBe('TOKEN_INVALID');
    expect(
      await rcOf(t.app.inject({ method: 'GET', url: URL, query: { x_token: encryptValue(COOKIE_KEY, token) } })),
    ).toBe('TOKEN_INVALID');
    expect(await rcOf(t.app.inject({ method: 'GET', url: URL, headers: { 'x-mmrm-token': 'garbage!!' } }))).toBe(
      'TOKEN_INVALID',
    );
    const response = await t.app.inject({ method: 'GET', url: URL, headers: { 'x-mmrm-token': token } });
    expect(response.statusCode).toBe(200);
    expect(response.json().rcrm).toEqual({ RC: 'TOKEN_INVALID', RM: RC_MESSAGES.TOKEN_INVALID });
  });

  it('answers TOKEN_INVALID once the member token has expired (365 days)', async () => {
    await addMember(t);
    const token = await memberToken(t);
    t.clock.advance(LIMITS.memberTokenMs - 1000);
    expect(await rcOf(viaHeader(token))).toBe('C01');
    t.clock.advance(1000);
    expect(await rcOf(viaHeader(token))).toBe('TOKEN_INVALID');
  });

  it('is never kept by a cache: the same call answers otherwise once the birthday password is changed', async () => {
    await addMember(t, { mobile: '0922000111', password: '19801201', mustChangePassword: true });
    const token = await memberToken(t, '0922000111', '19801201');
    const before = await viaCookie(token);
    expect(before.json().results).toEqual({ location: '/change_pwd?reason=imported' });
    expect(before.headers['cache-control']).toBe('no-store');

    expect((await changePassword(t, token, '19801201', 'fresh2025')).json().rcrm.RC).toBe('C01');
    const after = await viaCookie(token);
    expect(after.json().results).toEqual({ location: '/change_member' });
    expect(after.headers['cache-control']).toBe('no-store');
    expect((await viaCookie('A'.repeat(43))).headers['cache-control']).toBe('no-store');
  });

  it('answers TOKEN_INVALID for a revoked token and for a temp token', async () => {
    const member = await addMember(t);
    const revoked = await issueToken(t.db, member.id, { kind: 'member' }, t.clock.now());
    await revokeToken(t.db, revoked.tokenId, t.clock.now());
    const temp = await issueToken(t.db, member.id, { kind: 'temp', purpose: 'register' }, t.clock.now());
    expect(await rcOf(viaHeader(revoked.token))).toBe('TOKEN_INVALID');
    expect(await rcOf(viaHeader(temp.token))).toBe('TOKEN_INVALID');
  });
});
