import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { parseTaipeiTimestamp } from '#protocol/time';
import { startSession } from '../../src/lib/session';
import { answer, answerRedirectLocation, decrypted, reply, setAesKeyCookie, urlOf } from './support/api';
import { SHOP_ORIGIN } from './support/config';
import { stubLocationReplace } from './support/location';
import { MOBILE, PASSWORD, signInAs } from './support/login';
import { renderApp } from './support/render-app';

const TOKEN = 'member-token-abc';
const MEMBER_PAGE = `${SHOP_ORIGIN}/member/home`;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

describe('signing in with account and password (RC C01)', () => {
  it('keeps the session for a year, records the login, and goes to the server’s location', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    const logins = answer('login', () => reply('C01', { member_access_token: TOKEN }));
    const redirects = answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    const { user } = renderApp('/login');

    await signInAs(user);

    await waitFor(() => expect(replace).toHaveBeenCalledWith(MEMBER_PAGE));
    expect(logins).toHaveLength(1);
    expect(logins[0]?.payload.token).toBeUndefined();
    expect(decrypted(logins[0]?.params.account)).toBe(MOBILE);
    expect(decrypted(logins[0]?.params.password)).toBe(PASSWORD);

    const auth = JSON.parse(localStorage.getItem('memberAuth') ?? '{}');
    expect(auth.token).toBe(TOKEN);
    expect(auth.expireTime).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    const expiry = parseTaipeiTimestamp(auth.expireTime)?.getTime() ?? 0;
    expect(Math.abs(expiry - (Date.now() + YEAR_MS))).toBeLessThan(60_000);
    expect(localStorage.getItem('login_type')).toBe('Member');
    expect(sessionStorage.getItem('member_access_token')).toBe(TOKEN);
    expect(window.dataLayer).toEqual([{ event: 'login', method: 'Member' }]);

    expect(redirects).toHaveLength(1);
    expect(redirects[0]?.xToken).toBe(TOKEN);
    expect(redirects[0]?.mmrmToken).toBe(TOKEN);
    expect(screen.getByRole('status')).toHaveTextContent('載入中...');
  });

  it('says so when the redirect fetch fails, and does not leave before the member has read it', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    answer('login', () => reply('C01', { member_access_token: TOKEN }));
    const redirects = answerRedirectLocation(
      urlOf('redirectLocation'),
      () => new HttpResponse('oops', { status: 502 }),
    );
    const { user } = renderApp('/login');

    await signInAs(user);

    await waitFor(() => expect(redirects).toHaveLength(1));
    // What happens when it is closed: tests/web/rurl-failure.test.tsx.
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('無法前往原本要去的頁面。');
    expect(replace).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(TOKEN);
  });

  it('does not follow a location outside the allowed origins', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    answer('login', () => reply('C01', { member_access_token: TOKEN }));
    const redirects = answerRedirectLocation(urlOf('redirectLocation'), () =>
      reply('C01', { location: 'https://evil.example.net/steal' }),
    );
    const { user } = renderApp('/login');

    await signInAs(user);

    await waitFor(() => expect(redirects).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement());
    expect(replace).not.toHaveBeenCalled();
  });
});

describe('the rurl query parameter', () => {
  it('is saved when allowed and is then asked for the location', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    const rurl = `${SHOP_ORIGIN}/api/after-login?from=app`;
    answer('login', () => reply('C01', { member_access_token: TOKEN }));
    const redirects = answerRedirectLocation(`${SHOP_ORIGIN}/api/after-login`, () =>
      reply('C01', { location: `${SHOP_ORIGIN}/cart` }),
    );
    const { user } = renderApp(`/login?rurl=${encodeURIComponent(rurl)}`);

    await signInAs(user);

    expect(localStorage.getItem('rurl')).toBe(rurl);
    await waitFor(() => expect(replace).toHaveBeenCalledWith(`${SHOP_ORIGIN}/cart`));
    expect(redirects[0]?.url.searchParams.get('from')).toBe('app');
    expect(redirects[0]?.xToken).toBe(TOKEN);
    expect(redirects[0]?.mmrmToken).toBe(TOKEN);
  });

  it.each(['https://evil.example.net/next', 'javascript:alert(1)', '//evil.example.net/next', '/\\evil.example.net'])(
    'is not saved when it is %s',
    async (rurl) => {
      renderApp(`/login?rurl=${encodeURIComponent(rurl)}`);
      await screen.findByRole('button', { name: '登入' });
      expect(localStorage.getItem('rurl')).toBeNull();
    },
  );

  it('method=register goes straight to registration', async () => {
    answer('briefTerm', () => reply('C01', { terms: [] }));
    const { router } = renderApp('/login?method=register');
    expect(await screen.findByRole('heading', { name: '會員註冊：基本資料' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registerFirst');
  });
});

describe('arriving at /login already signed in', () => {
  it('goes to the redirect location at once and records the sign-in', async () => {
    setAesKeyCookie();
    startSession('line-member-token', 'Line');
    const replace = stubLocationReplace();
    const redirects = answerRedirectLocation(urlOf('redirectLocation'), () =>
      reply('C01', { location: '/change_member' }),
    );

    renderApp('/login');

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/change_member'));
    expect(redirects).toHaveLength(1);
    expect(redirects[0]?.xToken).toBe('line-member-token');
    expect(window.dataLayer).toEqual([{ event: 'login', method: 'Line' }]);
  });

  it('stays on the login screen with an expired session, which is cleared', async () => {
    startSession('old-token', 'Member', new Date(Date.now() - YEAR_MS - 60_000));
    const replace = stubLocationReplace();
    renderApp('/login');
    expect(await screen.findByRole('button', { name: '登入' })).toBeInTheDocument();
    expect(localStorage.getItem('memberAuth')).toBeNull();
    expect(replace).not.toHaveBeenCalled();
    expect(window.dataLayer).toBeUndefined();
  });
});
