import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, reply } from './support/api';
import { answerProfile, PROFILE, signIn } from './support/profile';
import { storeStepOne } from './support/register';
import { renderApp } from './support/render-app';

// The fake clock also moves with real time (shouldAdvanceTime), so a later count may be a second less.
async function secondsShown(): Promise<number> {
  const button = await screen.findByRole('button', { name: /^重新發送驗證碼（\d+ 秒）$/ });
  expect(button).toBeDisabled();
  return Number(/（(\d+) 秒）/.exec(button.textContent ?? '')?.[1]);
}
const resendButton = () => screen.findByRole('button', { name: '重新發送驗證碼' });
const announcement = () => document.querySelector('[data-resend-announcement]')?.textContent ?? null;
/** Lets `ms` pass a second at a time, each second's render and its next timer settled before the next. */
async function letPass(ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += 1000) await act(() => vi.advanceTimersByTimeAsync(1000));
}

// How far a phone's clock may be fast at a send, and set right after it.
const TEN_MINUTES_MS = 10 * 60 * 1000;

function withFakeTime() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

describe('重新發送驗證碼 counts down the 60 s since the last send', () => {
  it('on /verify_mobile: waits 60 s after a send, then may be used, and counts again after a resend', async () => {
    const user = withFakeTime();
    const sends = answer('sendVerificationCode', () => reply('C01', {}));
    answerProfile({ is_verified: false });
    signIn();
    renderApp('/verify_mobile');
    await user.click(await screen.findByRole('button', { name: '發送驗證碼' }));

    expect(await secondsShown()).toBeGreaterThanOrEqual(59);
    await letPass(30_000);
    expect(await secondsShown()).toBeOneOf([29, 30]);
    await letPass(29_000);
    expect(await secondsShown()).toBeOneOf([1, 2]);
    await letPass(2_000);
    const resend = await resendButton();
    expect(resend).toBeEnabled();

    await user.click(resend);
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('驗證碼已重新發送');
    expect(await secondsShown()).toBeGreaterThanOrEqual(59);
    expect(sends).toHaveLength(2);
  });

  it('is told to a screen reader politely at the start and at the end only, not every second', async () => {
    const user = withFakeTime();
    answer('sendVerificationCode', () => reply('C01', {}));
    answerProfile({ is_verified: false });
    signIn();
    renderApp('/verify_mobile');
    await user.click(await screen.findByRole('button', { name: '發送驗證碼' }));
    await secondsShown();
    const region = document.querySelector('[data-resend-announcement]');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(announcement()).toBe('驗證碼已發送，倒數結束後即可重新發送。');
    await letPass(10_000);
    expect(await secondsShown()).toBeOneOf([49, 50]);
    expect(announcement()).toBe('驗證碼已發送，倒數結束後即可重新發送。');
    await letPass(50_000);
    await resendButton();
    expect(announcement()).toBe('現在可以重新發送驗證碼。');
  });

  it('keeps counting across a reload, from the send time kept in the tab', async () => {
    withFakeTime();
    sessionStorage.setItem('temp_access_token', 'temp-register-token');
    sessionStorage.setItem('code_sent_at_register', JSON.stringify(Date.now() - 20_000));
    storeStepOne();
    renderApp('/registerFinal');
    expect(await secondsShown()).toBeOneOf([39, 40]);
  });

  it('waits no more than 60 s when the phone’s clock is set back after the send (it was fast)', async () => {
    const user = withFakeTime();
    answer('sendVerificationCode', () => reply('C01', {}));
    answerProfile({ is_verified: false });
    signIn();
    renderApp('/verify_mobile');
    await user.click(await screen.findByRole('button', { name: '發送驗證碼' }));
    expect(await secondsShown()).toBeGreaterThanOrEqual(59);

    vi.setSystemTime(Date.now() - TEN_MINUTES_MS);
    await letPass(61_000);
    expect(await resendButton()).toBeEnabled();
  });

  it('a send time kept in the tab that is later than now counts as sent now, and a reload reads it so', async () => {
    withFakeTime();
    sessionStorage.setItem('temp_access_token', 'temp-register-token');
    sessionStorage.setItem('code_sent_at_register', JSON.stringify(Date.now() + TEN_MINUTES_MS));
    storeStepOne();
    renderApp('/registerFinal');
    expect(await secondsShown()).toBeOneOf([59, 60]);
    await waitFor(() =>
      expect(Number(sessionStorage.getItem('code_sent_at_register'))).toBeLessThanOrEqual(Date.now()),
    );
    await letPass(61_000);
    expect(await resendButton()).toBeEnabled();
  });

  it('registration: step 3 opens counting from the code register sent', async () => {
    const user = withFakeTime();
    answer('register', () => reply('C01', { temp_access_token: 'temp-register-token' }));
    storeStepOne();
    const { router } = renderApp('/registerSecond');
    await user.click(await screen.findByRole('radio', { name: '男' }));
    await user.click(screen.getByRole('button', { name: '註冊' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFinal'));
    expect(await secondsShown()).toBeGreaterThanOrEqual(59);
  });

  it('forgotten password: the code screen opens counting from the code just sent', async () => {
    const user = withFakeTime();
    answer('forgetPassword', () => reply('C01', { temp_access_token: 'temp-forgot-token' }));
    renderApp('/forgotPassword');
    await user.type(await screen.findByLabelText('手機號碼'), '0912345678');
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    expect(await secondsShown()).toBeGreaterThanOrEqual(59);
  });

  it('changing the mobile: the code screen opens counting from the code sent to the new mobile', async () => {
    const user = withFakeTime();
    answer('updateMemberMobile', () => reply('C01', {}));
    signIn();
    sessionStorage.setItem('member_access_info', JSON.stringify(PROFILE));
    renderApp('/change_member_mobile');
    await user.type(await screen.findByLabelText('新手機號碼'), '0987654321');
    await user.type(screen.getByLabelText('密碼'), 'abc123');
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    expect(await secondsShown()).toBeGreaterThanOrEqual(59);
    await letPass(60_000);
    expect(await resendButton()).toBeEnabled();
  });
});
