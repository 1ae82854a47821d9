import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { settleLiffAtBoot } from '../../src/lib/liff';
import { installRuntimeConfig, TEST_CONFIG } from './support/config';
import { fakeLine, LINE_APP, resetFakeLine } from './support/fake-liff';
import { answerTerms, storeStepOne } from './support/register';
import { renderApp } from './support/render-app';

vi.mock('../../src/lib/liff-sdk', async () => (await import('./support/fake-liff')).fakeLiffModule);

// A test file is one page: LIFF, once it has started, stays started. So the failure comes first.

const LIFF_CONFIG = { ...TEST_CONFIG, liffId: '1234567890-AbCdEfGh', demoMode: false };
const CODE = 'ABCD2345';

beforeEach(resetFakeLine);
afterEach(resetFakeLine);

/** LINE opens the LIFF endpoint with the LIFF URL's path in `liff.state`; the app boots as main.tsx does. */
async function openInLine(query: string) {
  installRuntimeConfig(LIFF_CONFIG);
  loadConfig();
  window.history.replaceState(null, '', `/${query}`);
  await settleLiffAtBoot(LINE_APP);
  return `${window.location.pathname}${window.location.search}`;
}

const deepLink = (path: string) => `?liff.state=${encodeURIComponent(path)}`;

describe('a LIFF deep link (liff.state) opened in LINE', () => {
  it('still lands on its page with its query when LIFF fails to start', async () => {
    fakeLine.initFailure = new Error('Failed to fetch context');
    expect(await openInLine(deepLink(`/registerFirst?referrer_code=${CODE}`))).toBe(
      `/registerFirst?referrer_code=${CODE}`,
    );
  });

  it('lands on registration step 1, and the invite code waits in step 2', async () => {
    const url = await openInLine(deepLink(`/registerFirst?referrer_code=${CODE}`));
    expect(url).toBe(`/registerFirst?referrer_code=${CODE}`);
    answerTerms();
    const { router } = renderApp(url, LIFF_CONFIG);
    expect(await screen.findByRole('heading', { name: '會員註冊：基本資料' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registerFirst');
    expect(JSON.parse(sessionStorage.getItem('register2') ?? '{}').referrer_code).toBe(CODE);

    storeStepOne();
    await router.navigate({ to: '/registerSecond' });
    expect(await screen.findByLabelText('邀請碼')).toHaveValue(CODE);
  });

  it('keeps the other query parameters LINE added and takes a path without its leading slash', async () => {
    expect(await openInLine(`${deepLink('line_bind?from=menu')}&liffClientId=1234567890`)).toBe(
      '/line_bind?from=menu&liffClientId=1234567890',
    );
  });

  it.each([
    ['//evil.example/registerFirst', '/'],
    ['/\\evil.example/registerFirst', '/'],
    ['https://evil.example/x', '/https://evil.example/x'],
  ])('never leaves this site for %s', async (target, landing) => {
    expect(await openInLine(deepLink(target))).toBe(landing);
    expect(window.location.origin).not.toContain('evil');
  });

  it('leaves a page without liff.state alone', async () => {
    expect(await openInLine('?liffClientId=1234567890')).toBe('/?liffClientId=1234567890');
  });
});
