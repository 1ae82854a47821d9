import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CALL_DEADLINE_MS, callApi, encrypt, NETWORK_FAILURE } from '../../../src/api/client';
import { fetchRedirectLocation } from '../../../src/api/redirect-location';
import { loadConfig } from '../../../src/config';
import { readSession, startSession } from '../../../src/lib/session';
import { answer, answerRedirectLocation, decrypted, reply, setAesKeyCookie, urlOf } from '../support/api';
import { installRuntimeConfig } from '../support/config';
import { server } from '../support/server';

beforeEach(() => {
  installRuntimeConfig();
  loadConfig();
});
afterEach(() => {
  vi.useRealTimers();
});

const NETWORK_MESSAGE = '網路連線不穩定，請確認連線後再試一次';
const login = async () =>
  callApi('login', { params: { account: await encrypt('0912345678'), password: await encrypt('abc123') } });

describe('the signed client', () => {
  it('signs the token and parameters and answers rcrm and results whatever the RC', async () => {
    const calls = answer('updateMemberMobile', () => reply('TOKEN_INVALID'));
    const params = { mobile: await encrypt('0912345678'), password: await encrypt('abc123') };
    const answered = await callApi('updateMemberMobile', { token: 'member-1', params });
    expect(answered).toEqual({ rcrm: { RC: 'TOKEN_INVALID', RM: '登入已失效，請重新登入' }, results: {} });
    expect(calls[0]?.payload.token).toBe('member-1');
    expect(decrypted(calls[0]?.params.mobile)).toBe('0912345678');
    expect(calls[0]?.headers.get('accept-language')).toBe('zh-TW');
  });

  it('sends the same device uuid on every call', async () => {
    const calls = answer('briefTerm', () => reply('C01', { terms: [] }));
    await callApi('briefTerm', { params: { type: ['register'] } });
    await callApi('briefTerm', { params: { type: ['register'] } });
    expect(calls[0]?.headers.get('device-uuid')).toBe(calls[1]?.headers.get('device-uuid'));
  });

  it("refuses, in development and tests, C01 results that break the call's contract", async () => {
    answer('login', () => reply('C01', { member_access_token: 42 }));
    const params = { account: await encrypt('0912345678'), password: await encrypt('abc123') };
    await expect(callApi('login', { params })).rejects.toThrow(/login: results break the contract/);
  });

  it('leaves the results of other RCs alone: they are empty by contract', async () => {
    answer('login', () => reply('PASSWORD_INCORRECT'));
    const params = { account: await encrypt('0912345678'), password: await encrypt('abc123') };
    await expect(callApi('login', { params })).resolves.toMatchObject({ rcrm: { RC: 'PASSWORD_INCORRECT' } });
  });

  it.each([
    ['an HTML answer', () => HttpResponse.text('<html></html>')],
    ['JSON of another shape', () => HttpResponse.json({ ok: true })],
    ['an HTTP error without rcrm', () => new HttpResponse(null, { status: 503 })],
  ])('turns %s into a typed system error', async (_, respond) => {
    server.use(http.post(urlOf('login'), respond));
    const failure = callApi('login', {
      params: { account: await encrypt('0912345678'), password: await encrypt('abc123') },
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ rc: 'SYSTEM_ERROR', message: '系統忙碌中，請稍後再試' });
  });

  it('says the network failed, not the system, when no answer came: the member checks their signal', async () => {
    server.use(http.post(urlOf('login'), () => HttpResponse.error()));
    const failure = login();
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ rc: NETWORK_FAILURE, message: NETWORK_MESSAGE });
  });

  it('gives up on a call that has not answered within its deadline, with the network message', async () => {
    const calls = answer('login', async () => {
      await delay('infinite');
      return reply('C01');
    });
    const params = { account: await encrypt('0912345678'), password: await encrypt('abc123') };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let outcome: unknown = 'pending';
    const failure = callApi('login', { params }).catch((error: unknown) => {
      outcome = error;
    });
    // Polled on the event loop, not the timers: the deadline's clock must not move meanwhile.
    while (calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(CALL_DEADLINE_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await failure;
    expect(outcome).toBeInstanceOf(ApiError);
    expect(outcome).toMatchObject({ rc: NETWORK_FAILURE, message: NETWORK_MESSAGE });
  });

  it('leaves no deadline running once a call has answered', async () => {
    answer('login', () => reply('PASSWORD_INCORRECT'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await login();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a session the server has ended', () => {
  it("ends here when a call carrying this device's session token is answered TOKEN_INVALID", async () => {
    startSession('member-1', 'Member');
    localStorage.setItem('member_card', '{}');
    answer('updateMemberProfile', () => reply('TOKEN_INVALID'));
    await callApi('updateMemberProfile', {
      token: 'member-1',
      params: { member_profile: { name: '王小明', gender: null, email: null } },
    });
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('member_card')).toBeNull();
  });

  it('stays when another token is refused (a temp token of registration or recovery), or another RC answers', async () => {
    startSession('member-1', 'Member');
    answer('registerVerify', () => reply('TOKEN_INVALID'));
    await callApi('registerVerify', { token: 'temp-1', params: { verify_code: '123456' } });
    answer('updateMemberMobile', () => reply('PASSWORD_INCORRECT'));
    await callApi('updateMemberMobile', { token: 'member-1', params: { mobile: 'x', password: 'y' } });
    expect(readSession()?.token).toBe('member-1');
  });
});

describe('the redirect-location call', () => {
  it('sends the token encrypted twice: x_token with the cookie secret, X-MMRM-TOKEN with the app secret', async () => {
    setAesKeyCookie();
    const calls = answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: '/change_member' }));
    const answered = await fetchRedirectLocation('tok+/=');
    expect(answered.results?.location).toBe('/change_member');
    expect(calls[0]?.xToken).toBe('tok+/=');
    expect(calls[0]?.mmrmToken).toBe('tok+/=');
  });

  it('ignores a stored rurl that is no longer allowed', async () => {
    setAesKeyCookie();
    localStorage.setItem('rurl', 'https://evil.example.net/collect');
    const calls = answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: '/x' }));
    await fetchRedirectLocation('tok');
    expect(calls).toHaveLength(1);
  });

  it('sends only the header when the page has no aes_key cookie', async () => {
    const calls = answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: '/x' }));
    await fetchRedirectLocation('tok');
    expect(calls[0]?.url.searchParams.has('x_token')).toBe(false);
    expect(calls[0]?.mmrmToken).toBe('tok');
  });
});
