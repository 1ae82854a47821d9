import { act, fireEvent, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerProfile, PROFILE, signIn } from './support/profile';
import { renderApp } from './support/render-app';

const copyButton = () => screen.getByRole('button', { name: '複製邀請碼' });

async function openProfile(): Promise<UserEvent> {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  answerProfile();
  signIn();
  renderApp('/change_member');
  await screen.findByLabelText('姓名');
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

/**
 * Stops the clock: from here it moves only as the test moves it (`letPass`), so the notice's
 * 3 seconds start at the click and no slow machine eats into them.
 */
const stopClock = () => vi.setTimerTickMode('manual');

/** Lets `ms` pass on the stopped clock, the notice's timer and its render settled. */
const letPass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/**
 * Clicks 複製邀請碼 on the stopped clock, the copy and its notice settled. user-event waits on
 * timers of its own (which a stopped clock never runs); the browser's click does not, and copying
 * runs on promises alone.
 */
async function clickCopy(): Promise<void> {
  fireEvent.click(copyButton());
  await letPass(0);
}

describe('/change_member: copying the referral code', () => {
  it('puts the code on the clipboard and says 邀請碼已複製 for 3 seconds, ignoring clicks meanwhile', async () => {
    const user = await openProfile();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    stopClock();
    await clickCopy();
    expect(screen.getByText('邀請碼已複製')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledWith(PROFILE.referral_code);

    await letPass(1500);
    await clickCopy();
    await clickCopy();
    expect(writeText).toHaveBeenCalledTimes(1);
    await letPass(1400);
    expect(screen.getByText('邀請碼已複製')).toBeInTheDocument();

    await letPass(100);
    expect(screen.queryByText('邀請碼已複製')).not.toBeInTheDocument();
    vi.setTimerTickMode('interval');
    expect(await navigator.clipboard.readText()).toBe(PROFILE.referral_code);
    await user.click(copyButton());
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('邀請碼已複製')).toBeInTheDocument();
  });

  it('copies with a selected hidden text box where the Clipboard API is missing', async () => {
    const user = await openProfile();
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    let selected = '';
    const execCommand = vi.fn((command: string) => {
      const active = document.activeElement;
      if (active instanceof HTMLTextAreaElement)
        selected = active.value.slice(active.selectionStart, active.selectionEnd);
      return command === 'copy';
    });
    document.execCommand = execCommand;
    try {
      await user.click(copyButton());
      expect(execCommand).toHaveBeenCalledWith('copy');
      expect(selected).toBe(PROFILE.referral_code);
      expect(await screen.findByText('邀請碼已複製')).toBeInTheDocument();
      expect(document.querySelector('textarea')).toBeNull();
      expect(copyButton()).toHaveFocus();
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });

  it('falls back the same way when the Clipboard API refuses', async () => {
    const user = await openProfile();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const execCommand = vi.fn(() => true);
    document.execCommand = execCommand;
    try {
      await user.click(copyButton());
      expect(await screen.findByText('邀請碼已複製')).toBeInTheDocument();
      expect(execCommand).toHaveBeenCalledWith('copy');
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });

  it('asks the member to copy by hand when nothing can copy, for 3 seconds', async () => {
    await openProfile();
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    document.execCommand = vi.fn(() => false);
    try {
      stopClock();
      await clickCopy();
      expect(screen.getByText('無法自動複製，請長按邀請碼自行複製。')).toBeInTheDocument();
      await letPass(2900);
      expect(screen.getByText('無法自動複製，請長按邀請碼自行複製。')).toBeInTheDocument();
      await letPass(100);
      expect(screen.queryByText('無法自動複製，請長按邀請碼自行複製。')).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });
});
