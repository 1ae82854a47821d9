import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '#protocol/runtime-config';
import { loadConfig } from '../../src/config';
import { settleLiffAtBoot } from '../../src/lib/liff';
import { installRuntimeConfig, TEST_CONFIG } from './support/config';
import { fakeLine, LINE_APP, resetFakeLine } from './support/fake-liff';
import { answerProfile, PROFILE, signIn } from './support/profile';
import { renderApp } from './support/render-app';

vi.mock('../../src/lib/liff-sdk', async () => (await import('./support/fake-liff')).fakeLiffModule);

const LIFF_ID = '1234567890-AbCdEfGh';
const LIFF_CONFIG = { ...TEST_CONFIG, liffId: LIFF_ID, demoMode: false };
const LIFF_LINK = `https://liff.line.me/${LIFF_ID}/registerFirst?referrer_code=${PROFILE.referral_code}`;

beforeEach(resetFakeLine);
afterEach(() => {
  resetFakeLine();
  // The Web Share API is the browser's; each test says whether this browser has one.
  Reflect.deleteProperty(navigator, 'share');
});

/** The browser's share sheet: resolves when shared, rejects with AbortError when the member cancels. */
function stubWebShare(outcome: 'share' | 'cancel' = 'share') {
  const share = vi.fn(async (_data: ShareData) => {
    if (outcome === 'cancel') throw new DOMException('Share canceled', 'AbortError');
  });
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
  return share;
}

async function openProfile(config: RuntimeConfig = LIFF_CONFIG) {
  answerProfile();
  signIn();
  const view = renderApp('/change_member', config);
  await screen.findByLabelText('姓名');
  return view;
}

const shareButton = () => screen.getByRole('button', { name: '分享我的邀請連結' });

describe('sharing the invite link from the profile', () => {
  it('inside LINE opens the share target picker with a message carrying the LIFF invite link', async () => {
    installRuntimeConfig(LIFF_CONFIG);
    loadConfig();
    fakeLine.loggedIn = true;
    fakeLine.shareTargetPicker = true;
    await settleLiffAtBoot(LINE_APP);
    const webShare = stubWebShare();
    const { user } = await openProfile();

    await user.click(shareButton());

    await waitFor(() => expect(fakeLine.shared).toHaveLength(1));
    const [message] = fakeLine.shared[0] ?? [];
    expect(message?.type).toBe('text');
    expect(message?.text).toContain(LIFF_LINK);
    expect(message?.text).toContain('邀請你一起加入會員');
    expect(await screen.findByText('邀請連結已分享')).toBeInTheDocument();
    expect(webShare).not.toHaveBeenCalled();
  });

  it('says nothing when the member closes LINE’s picker', async () => {
    fakeLine.loggedIn = true;
    fakeLine.shareTargetPicker = true;
    fakeLine.shareResult = undefined;
    const { user } = await openProfile();
    await user.click(shareButton());
    await waitFor(() => expect(fakeLine.shared).toHaveLength(1));
    expect(screen.queryByText(/邀請連結已/)).not.toBeInTheDocument();
  });

  it('falls back to the device’s share sheet when LINE’s picker fails', async () => {
    fakeLine.loggedIn = true;
    fakeLine.shareTargetPicker = true;
    fakeLine.shareFailure = new Error('share target picker is not supported');
    const share = stubWebShare();
    const { user } = await openProfile();
    await user.click(shareButton());
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(fakeLine.shared).toHaveLength(1);
    expect(await screen.findByText('邀請連結已分享')).toBeInTheDocument();
  });

  it('outside LINE opens the device’s share sheet with the link', async () => {
    const share = stubWebShare();
    const { user } = await openProfile();
    await user.click(shareButton());
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]?.[0]).toEqual({ title: '邀請你加入會員', text: expect.any(String), url: LIFF_LINK });
    expect(fakeLine.shared).toEqual([]);
    expect(await screen.findByText('邀請連結已分享')).toBeInTheDocument();
  });

  it('links to this site’s registration when no LIFF app is configured (demo)', async () => {
    const share = stubWebShare();
    const { user } = await openProfile(TEST_CONFIG);
    await user.click(shareButton());
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]?.[0].url).toBe(
      `${window.location.origin}/registerFirst?referrer_code=${PROFILE.referral_code}`,
    );
  });

  it('does nothing more when the member cancels the share sheet', async () => {
    stubWebShare('cancel');
    const { user } = await openProfile();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(shareButton());
    await waitFor(() => expect(navigator.share).toHaveBeenCalled());
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(/邀請連結已/)).not.toBeInTheDocument();
  });

  it('copies the link where the browser cannot share', async () => {
    const { user } = await openProfile();
    await user.click(shareButton());
    expect(await screen.findByText('邀請連結已複製，貼給好友即可邀請')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(LIFF_LINK);
  });
});
