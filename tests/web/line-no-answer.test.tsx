import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { LIFF_WAIT_MS, settleLiffAtBoot } from '../../src/lib/liff';
import { heldAnswer } from './support/api';
import { installRuntimeConfig, TEST_CONFIG } from './support/config';
import { DESKTOP_BROWSER, fakeLine, LINE_APP, resetFakeLine } from './support/fake-liff';
import { stubLocationReload } from './support/location';
import { renderApp } from './support/render-app';

vi.mock('../../src/lib/liff-sdk', async () => (await import('./support/fake-liff')).fakeLiffModule);

// A test file is one page, and LIFF starts once per page: each test's stalled start ends in a
// failure, so LIFF is not left started for the next test.

const LIFF_CONFIG = { ...TEST_CONFIG, liffId: '1234567890-AbCdEfGh', demoMode: false };
const NO_ANSWER = 'LINE 暫時沒有回應，請確認網路連線';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetFakeLine();
});

/** Boots as main.tsx does while LINE's servers do not answer; answers whether boot has settled, and how. */
function bootWhileLineStalls(url: string, userAgent: string) {
  const stall = heldAnswer();
  fakeLine.initStall = stall.held;
  installRuntimeConfig(LIFF_CONFIG);
  loadConfig();
  window.history.replaceState(null, '', url);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let settled: Error | null | 'pending' = 'pending';
  const booted = settleLiffAtBoot(userAgent).then((failure) => {
    settled = failure;
  });
  const giveUp = async () => {
    fakeLine.initFailure = new Error('Failed to fetch context');
    stall.release();
    await vi.waitFor(() => expect(fakeLine.inits).toHaveLength(1));
  };
  return { booted, settled: () => settled, giveUp };
}

describe('opening the app in LINE, or LINE login, when LINE does not answer', () => {
  it('starts the app without LIFF after a bounded wait, on the deep link’s page', async () => {
    const boot = bootWhileLineStalls(
      `/?liff.state=${encodeURIComponent('/registerFirst?referrer_code=ABCD2345')}`,
      LINE_APP,
    );
    await vi.advanceTimersByTimeAsync(LIFF_WAIT_MS - 1);
    expect(boot.settled()).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await boot.booted;
    expect(boot.settled()).toEqual(new Error(NO_ANSWER));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/registerFirst?referrer_code=ABCD2345');
    await boot.giveUp();
  });

  it('opens the member card’s own address at once, asking nothing of LINE', async () => {
    const boot = bootWhileLineStalls('/member_card', LINE_APP);
    await vi.advanceTimersByTimeAsync(0);
    await boot.booted;
    expect(boot.settled()).toBeNull();
    expect(fakeLine.inits).toHaveLength(0);
    vi.useRealTimers();
  });

  it('still settles the card reached through LIFF’s address (the rich menu) before the router reads it', async () => {
    const boot = bootWhileLineStalls(`/?liff.state=${encodeURIComponent('/member_card')}`, LINE_APP);
    await vi.advanceTimersByTimeAsync(LIFF_WAIT_MS - 1);
    expect(boot.settled()).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await boot.booted;
    expect(window.location.pathname).toBe('/member_card');
    await boot.giveUp();
  });

  it('shows the login screen with the reason when LINE sent the member back and LIFF never started', async () => {
    const boot = bootWhileLineStalls('/login?code=abc123&state=xyz789', DESKTOP_BROWSER);
    await act(() => vi.advanceTimersByTimeAsync(LIFF_WAIT_MS));
    await boot.booted;
    vi.useRealTimers();
    renderApp(`${window.location.pathname}${window.location.search}`, LIFF_CONFIG);
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(dialog).toHaveTextContent('LINE 登入失敗，請再試一次。');
    expect(dialog).toHaveTextContent(NO_ANSWER);
    // LIFF's start, once stalled, is this page's for good: loading the page again is the way on.
    const reload = stubLocationReload();
    await userEvent.click(within(dialog).getByRole('button', { name: '重新載入頁面' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: '登入' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).not.toMatch(/[?&](code|state)=/));
    await boot.giveUp();
  });

  it('ends the LINE card’s wait with the reason instead of a spinner that never stops', async () => {
    const stall = heldAnswer();
    fakeLine.initStall = stall.held;
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    renderApp('/login', LIFF_CONFIG);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: /使用 LINE 帳號登入/ }));
    await waitFor(() => expect(fakeLine.inits).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('載入中...');

    await act(() => vi.advanceTimersByTimeAsync(LIFF_WAIT_MS));
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(dialog).toHaveTextContent('LINE 登入失敗，請再試一次。');
    expect(dialog).toHaveTextContent(NO_ANSWER);
    expect(within(dialog).getByRole('button', { name: '重新載入頁面' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    fakeLine.initFailure = new Error('Failed to fetch context');
    stall.release();
  });
});
