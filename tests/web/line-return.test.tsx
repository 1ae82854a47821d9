import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { settleLiffAtBoot } from '../../src/lib/liff';
import { answer, answerRedirectLocation, reply, setAesKeyCookie, urlOf } from './support/api';
import { installRuntimeConfig, SHOP_ORIGIN, TEST_CONFIG } from './support/config';
import { DESKTOP_BROWSER, fakeLine, resetFakeLine } from './support/fake-liff';
import { stubLocationReplace } from './support/location';
import { renderApp } from './support/render-app';

vi.mock('../../src/lib/liff-sdk', async () => (await import('./support/fake-liff')).fakeLiffModule);

// A test file is one page: LIFF, once it has started, stays started. So the failures come first.

const LIFF_CONFIG = { ...TEST_CONFIG, liffId: '1234567890-AbCdEfGh', demoMode: false };
const MEMBER_TOKEN = 'member-token-from-line';
const MEMBER_PAGE = `${SHOP_ORIGIN}/member/home`;

beforeEach(resetFakeLine);
afterEach(resetFakeLine);

const notice = () => screen.findByRole('dialog', { name: '提示' });
const lineQueryLeft = () => /[?&](code|state)=/.test(window.location.search);

/** The page as main.tsx starts it: LIFF settles first, then the router reads what is left of the URL. */
async function bootAt(url: string) {
  installRuntimeConfig(LIFF_CONFIG);
  loadConfig();
  window.history.replaceState(null, '', url);
  await settleLiffAtBoot(DESKTOP_BROWSER);
  return renderApp(`${window.location.pathname}${window.location.search}`, LIFF_CONFIG);
}

describe('back on /login from LINE login', () => {
  it('shows the LIFF failure (LINE’s own words too) and takes code and state off the address', async () => {
    fakeLine.initFailure = new Error('invalid_grant: authorization code expired');
    const logins = answer('loginWithProvider', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    await bootAt('/login?code=used-code&state=xyz789&rurl=%2Fchange_member');

    const dialog = await notice();
    expect(dialog).toHaveTextContent('LINE 登入失敗，請再試一次。');
    expect(dialog).toHaveTextContent('invalid_grant: authorization code expired');
    await waitFor(() => expect(lineQueryLeft()).toBe(false));
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('rurl')).toBe('/change_member');
    expect(logins).toHaveLength(0);
    expect(localStorage.getItem('rurl')).toBe('/change_member');
  });

  it('says the member cancelled the LINE login, which comes back without a code, in the app’s words', async () => {
    fakeLine.initFailure = new Error('access_denied: The user has denied the approval');
    await bootAt('/login?error=access_denied&error_description=denied&state=xyz789&liffOAuth2Error=true');
    const dialog = await notice();
    expect(dialog).toHaveTextContent('已取消 LINE 登入。');
    expect(dialog).not.toHaveTextContent('The user has denied the approval');
    await waitFor(() => expect(lineQueryLeft()).toBe(false));
    expect(window.location.search).not.toMatch(/[?&](error|error_description|liffOAuth2Error)=/);
  });

  it('shows LIFF’s failure when the LINE card cannot start LINE', async () => {
    fakeLine.initFailure = new Error('Failed to fetch context');
    const { user } = renderApp('/login', LIFF_CONFIG);
    await user.click(await screen.findByRole('button', { name: /使用 LINE 帳號登入/ }));
    const dialog = await notice();
    expect(dialog).toHaveTextContent('LINE 登入失敗，請再試一次。');
    expect(dialog).toHaveTextContent('Failed to fetch context');
  });

  it('says LINE login failed when LINE sent the member back without a login', async () => {
    await bootAt('/login?code=abc&state=xyz');
    expect(await notice()).toHaveTextContent('LINE 登入失敗，請再試一次。');
    await waitFor(() => expect(lineQueryLeft()).toBe(false));
  });

  it('signs in with the token LIFF got, and takes code and state off the address', async () => {
    setAesKeyCookie();
    fakeLine.loggedIn = true;
    const replace = stubLocationReplace();
    const logins = answer('loginWithProvider', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    await bootAt('/login?code=abc123&state=xyz789&liffClientId=1234567890');

    await waitFor(() => expect(replace).toHaveBeenCalledWith(MEMBER_PAGE));
    expect(logins).toHaveLength(1);
    expect(localStorage.getItem('login_type')).toBe('Line');
    await waitFor(() => expect(lineQueryLeft()).toBe(false));
  });
});
