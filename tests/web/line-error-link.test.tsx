import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { settleLiffAtBoot } from '../../src/lib/liff';
import { installRuntimeConfig, TEST_CONFIG } from './support/config';
import { DESKTOP_BROWSER, fakeLine, LINE_APP, resetFakeLine } from './support/fake-liff';
import { renderApp } from './support/render-app';

vi.mock('../../src/lib/liff-sdk', async () => (await import('./support/fake-liff')).fakeLiffModule);

// A test file is one page: LIFF, once it has started, stays started. Every test here is a failure.
//
// LIFF's start fails with `${error}: ${error_description}` read from the address whenever it
// carries `error` and `liffOAuth2Error`: anyone can write those into a link shared in a LINE chat.

const LIFF_CONFIG = { ...TEST_CONFIG, liffId: '1234567890-AbCdEfGh', demoMode: false };
const PHISHING = '您的帳號因異常登入已被凍結。請立即加入官方客服 LINE ID：@brand-help 並提供密碼以解除';
const CANCELLED = '已取消 LINE 登入。';
const FAILED = 'LINE 登入失敗，請再試一次。';
const LINE_ERROR_KEYS = ['error', 'error_description', 'liffOAuth2Error'];

beforeEach(resetFakeLine);
afterEach(resetFakeLine);

const notice = () => screen.findByRole('dialog', { name: '提示' });
/** The notice's message, whole: nothing of the link's own words may come along. */
const noticeSaysOnly = async (message: string) => within(await notice()).getByText(message);
const lineErrorLeft = () => LINE_ERROR_KEYS.some((key) => new URLSearchParams(window.location.search).has(key));

/** A link back from LINE login carrying `error`, as LINE or anyone else may write it. */
function lineErrorLink(error: string, rest = 'state=x') {
  const query = new URLSearchParams(rest);
  query.append('liffOAuth2Error', 'true');
  query.append('error', error);
  query.append('error_description', PHISHING);
  return `/login?${query}`;
}

/** LIFF as it fails on such a link: its message is built from the address. */
function liffFailsWithTheLink(error: string) {
  fakeLine.initFailure = new Error(`${error}: ${PHISHING}`);
}

/** The page as main.tsx starts it: LIFF settles first, then the router reads what is left of the URL. */
async function bootAt(url: string, userAgent = DESKTOP_BROWSER) {
  installRuntimeConfig(LIFF_CONFIG);
  loadConfig();
  window.history.replaceState({ key: 'arrival' }, '', url);
  await settleLiffAtBoot(userAgent);
}

const openApp = () => renderApp(`${window.location.pathname}${window.location.search}`, LIFF_CONFIG);

describe('a link back from LINE login that carries an error', () => {
  it('says the LINE login was cancelled, in the app’s words only, and the error leaves the address', async () => {
    liffFailsWithTheLink('access_denied');
    await bootAt(lineErrorLink('access_denied'));
    expect(lineErrorLeft()).toBe(false);
    openApp();

    await noticeSaysOnly(CANCELLED);
    expect(document.body).not.toHaveTextContent('@brand-help');
    expect(document.body).not.toHaveTextContent('凍結');
    expect(document.body).not.toHaveTextContent('access_denied');
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/login');
  });

  it('says LINE login failed with LINE’s error code, never the description', async () => {
    liffFailsWithTheLink('server_error');
    await bootAt(lineErrorLink('server_error'));
    openApp();

    const dialog = await notice();
    expect(dialog).toHaveTextContent(FAILED);
    expect(dialog).toHaveTextContent('（server_error）');
    expect(document.body).not.toHaveTextContent('@brand-help');
    expect(lineErrorLeft()).toBe(false);
  });

  it.each([
    ['words of its own', '請加入@brand-help'],
    ['an error code too long to be one', 'a'.repeat(41)],
    ['capitals', 'Access_Denied'],
    ['a code of its own', 'contact_line_id_brandhelp_for_refund'],
  ])('says only that LINE login failed when the error is %s', async (_, error) => {
    liffFailsWithTheLink(error);
    await bootAt(lineErrorLink(error));
    openApp();

    await noticeSaysOnly(FAILED);
    expect(document.body).not.toHaveTextContent(error);
    expect(document.body).not.toHaveTextContent('@brand-help');
    expect(document.body).not.toHaveTextContent('凍結');
    expect(lineErrorLeft()).toBe(false);
  });

  it('is dealt with at boot even without LINE’s state, keeping the rest of the address and its history state', async () => {
    liffFailsWithTheLink('access_denied');
    await bootAt(`${lineErrorLink('access_denied', 'rurl=%2Fchange_member')}#top`);
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('?rurl=%2Fchange_member');
    expect(window.location.hash).toBe('#top');
    expect(window.history.state).toEqual({ key: 'arrival' });
    openApp();
    await noticeSaysOnly(CANCELLED);
  });

  it('leaves the address of a deep link opened in LINE too', async () => {
    fakeLine.initFailure = new Error('Failed to fetch context');
    await bootAt(`/?liff.state=${encodeURIComponent(lineErrorLink('access_denied', 'from=menu'))}`, LINE_APP);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/login?from=menu');
  });

  it('says so in the app’s words when the LINE card meets it on the address', async () => {
    liffFailsWithTheLink('access_denied');
    const { user } = renderApp(lineErrorLink('access_denied'), LIFF_CONFIG);
    await user.click(await screen.findByRole('button', { name: /使用 LINE 帳號登入/ }));
    await noticeSaysOnly(CANCELLED);
    expect(document.body).not.toHaveTextContent('@brand-help');
  });
});

describe('a LIFF failure on an address without LINE’s error', () => {
  it('still shows LIFF’s own message', async () => {
    fakeLine.initFailure = new Error('Failed to fetch context');
    await bootAt('/login?code=abc&state=xyz');
    openApp();
    const dialog = await notice();
    expect(dialog).toHaveTextContent(FAILED);
    expect(dialog).toHaveTextContent('Failed to fetch context');
  });
});
