import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { loadLiff } from '../../src/lib/liff';
import { heldAnswer } from './support/api';
import { installRuntimeConfig, TEST_CONFIG } from './support/config';
import { fakeLine, resetFakeLine } from './support/fake-liff';
import { answerProfile, signIn } from './support/profile';
import { renderApp } from './support/render-app';

vi.mock('../../src/lib/liff-sdk', async () => (await import('./support/fake-liff')).fakeLiffModule);

// A file of its own: a test file is one page, and LIFF starts once per page. Here it never does.

const LIFF_CONFIG = { ...TEST_CONFIG, liffId: '1234567890-AbCdEfGh', demoMode: false };

afterEach(() => {
  resetFakeLine();
  Reflect.deleteProperty(navigator, 'share');
});

describe('sharing the invite link while LINE has not answered LIFF’s start', () => {
  it('opens the device’s share sheet at once, rather than waiting on LINE with nothing shown', async () => {
    // LINE's servers never answered the start (the app went on without LIFF after its wait).
    const stall = heldAnswer();
    fakeLine.initStall = stall.held;
    installRuntimeConfig(LIFF_CONFIG);
    loadConfig();
    void loadLiff().catch(() => {});
    const share = vi.fn(async (_data: ShareData) => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    answerProfile();
    signIn();
    const { user } = renderApp('/change_member', LIFF_CONFIG);
    await screen.findByLabelText('姓名');

    await user.click(screen.getByRole('button', { name: '分享我的邀請連結' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('邀請連結已分享')).toBeInTheDocument();
    expect(fakeLine.shared).toEqual([]);

    // LINE answers at last, with a failure: nothing pops up out of nowhere.
    fakeLine.initFailure = new Error('Failed to fetch context');
    stall.release();
    await waitFor(() => expect(fakeLine.inits).toHaveLength(1));
    expect(fakeLine.shared).toEqual([]);
  });
});
