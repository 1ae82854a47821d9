import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINE_SOURCE, LINE_TOKEN_SOURCE } from '#protocol/line';
import { needsLiffAtBoot } from '../../src/lib/liff';
import { answer, answerRedirectLocation, reply, setAesKeyCookie, urlOf } from './support/api';
import { SHOP_ORIGIN, TEST_CONFIG } from './support/config';
import { DESKTOP_BROWSER, fakeLine, LINE_APP, resetFakeLine } from './support/fake-liff';
import { stubLocationReplace } from './support/location';
import { renderApp } from './support/render-app';

vi.mock('../../src/lib/liff-sdk', async () => (await import('./support/fake-liff')).fakeLiffModule);

const LIFF_CONFIG = { ...TEST_CONFIG, liffId: '1234567890-AbCdEfGh', demoMode: false };
const MEMBER_TOKEN = 'member-token-from-line';
const MEMBER_PAGE = `${SHOP_ORIGIN}/member/home`;
const NOT_BOUND = '此 LINE ID 尚未綁定會員。非會員請先註冊，會員可綁定後使用 LINE 登入';

beforeEach(resetFakeLine);
afterEach(resetFakeLine);

const lineCard = () => screen.findByRole('button', { name: /使用 LINE 帳號登入/ });
const notice = () => screen.findByRole('dialog', { name: '提示' });

describe('when LIFF starts', () => {
  const page = (query = '') => new URL(`https://member.example.com/login${query}`);

  it('starts before the router inside LINE', () => {
    expect(needsLiffAtBoot(page(), LINE_APP)).toBe(true);
  });

  it.each(['?liff.state=%2Fline_bind', '?code=abc&state=xyz', '?liffClientId=123', '?liffOAuth2Error=true&error=x'])(
    'starts before the router when back from LINE login (%s)',
    (query) => {
      expect(needsLiffAtBoot(page(query), DESKTOP_BROWSER)).toBe(true);
    },
  );

  it('waits until needed for a desktop visitor', () => {
    expect(needsLiffAtBoot(page('?rurl=%2Fx'), DESKTOP_BROWSER)).toBe(false);
  });
});

describe('the LINE card', () => {
  it('in an ordinary browser sends the member to LINE login, to come back to /login', async () => {
    const { user } = renderApp('/login', LIFF_CONFIG);
    await user.click(await lineCard());
    await waitFor(() => expect(fakeLine.logins).toEqual([`${window.location.origin}/login`]));
    expect(fakeLine.inits).toEqual([LIFF_CONFIG.liffId]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('in an ordinary browser asks LINE again when this browser still holds a LINE login: it may be the last person’s', async () => {
    // Someone who signed in or registered with LINE here, then signed out, leaves LIFF logged in.
    fakeLine.loggedIn = true;
    fakeLine.accessToken = 'line-token-of-the-last-person';
    const logins = answer('loginWithProvider', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    const { user } = renderApp('/login', LIFF_CONFIG);
    await user.click(await lineCard());
    await waitFor(() => expect(fakeLine.logins).toEqual([`${window.location.origin}/login`]));
    expect(fakeLine.logouts).toBe(1);
    expect(logins).toHaveLength(0);
    expect(localStorage.getItem('memberAuth')).toBeNull();
  });

  it('inside LINE signs a bound member in at once: session, login type Line, the event, the redirect', async () => {
    setAesKeyCookie();
    fakeLine.inClient = true;
    fakeLine.loggedIn = true;
    const replace = stubLocationReplace();
    const logins = answer('loginWithProvider', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    const redirects = answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    const { user } = renderApp('/login', LIFF_CONFIG);

    await user.click(await lineCard());

    await waitFor(() => expect(replace).toHaveBeenCalledWith(MEMBER_PAGE));
    expect(fakeLine.logins).toEqual([]);
    expect(logins[0]?.payload.token).toBeUndefined();
    expect(logins[0]?.params).toEqual({
      source: LINE_SOURCE,
      verify_data: { line_token: fakeLine.accessToken, line_token_source: LINE_TOKEN_SOURCE },
    });
    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(MEMBER_TOKEN);
    expect(localStorage.getItem('login_type')).toBe('Line');
    expect(sessionStorage.getItem('line_access_token')).toBe(fakeLine.accessToken);
    expect(sessionStorage.getItem('line_verify_data')).toBeNull();
    expect(window.dataLayer).toEqual([{ event: 'login', method: 'Line' }]);
    expect(redirects[0]?.mmrmToken).toBe(MEMBER_TOKEN);
  });

  it('shows the redirect location’s RM when it does not answer C01', async () => {
    fakeLine.inClient = true;
    fakeLine.loggedIn = true;
    const replace = stubLocationReplace();
    answer('loginWithProvider', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('TOKEN_INVALID'));
    const { user } = renderApp('/login', LIFF_CONFIG);
    await user.click(await lineCard());
    expect(await notice()).toHaveTextContent('登入已失效，請重新登入');
    expect(replace).not.toHaveBeenCalled();
  });

  it('offers binding to a LINE id not yet bound, keeping the bind data for it', async () => {
    fakeLine.inClient = true;
    fakeLine.loggedIn = true;
    answer('loginWithProvider', () => reply('LINE_NOT_BOUND'));
    const { user, router } = renderApp('/login', LIFF_CONFIG);
    await user.click(await lineCard());

    const dialog = await notice();
    expect(dialog).toHaveTextContent(NOT_BOUND);
    expect(JSON.parse(sessionStorage.getItem('line_verify_data') ?? 'null')).toEqual({
      bind_third_party: {
        source: LINE_SOURCE,
        verify_data: { line_token: fakeLine.accessToken, line_token_source: LINE_TOKEN_SOURCE },
      },
      kept_at: expect.any(Number),
    });
    expect(localStorage.getItem('memberAuth')).toBeNull();
    await user.click(within(dialog).getByRole('link', { name: '前往綁定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/line_bind'));
    expect(await screen.findByLabelText('手機號碼')).toBeInTheDocument();
  });

  it('shows any other answer’s RM without a way to bind', async () => {
    fakeLine.inClient = true;
    fakeLine.loggedIn = true;
    answer('loginWithProvider', () => reply('LINE_TOKEN_INVALID'));
    const { user } = renderApp('/login', LIFF_CONFIG);
    await user.click(await lineCard());
    const dialog = await notice();
    expect(dialog).toHaveTextContent('LINE 驗證失敗，請重新登入 LINE');
    expect(within(dialog).queryByRole('link', { name: '前往綁定' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('line_verify_data')).toBeNull();
  });
});
