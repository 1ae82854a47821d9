import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol/rc';
import { answer, decrypted, heldAnswer, reply } from './support/api';
import { errorsOf } from './support/fields';
import { answerTerms } from './support/register';
import { renderApp } from './support/render-app';
import { expectCodeSentWithinAMinute } from './support/weak-signal';

const MOBILE = '0912345678';
const TEMP_TOKEN = 'temp-forgot-token';
const NOTE = '若 5 分鐘內未收到簡訊，請重新發送；24 小時內最多發送 3 次';
const mobileInput = () => screen.getByLabelText('手機號碼');
const codeInput = () => screen.getByLabelText('驗證碼');
const notice = () => screen.findByRole('dialog', { name: '提示' });

async function openForgotPassword() {
  const view = renderApp('/forgotPassword');
  await screen.findByLabelText('手機號碼');
  return view;
}

async function openVerify() {
  sessionStorage.setItem('TEMP_ACCESS_TOKEN', TEMP_TOKEN);
  const view = renderApp('/verify_forget_password');
  await screen.findByLabelText('驗證碼');
  return view;
}

describe('/forgotPassword', () => {
  it('asks for the mobile, with the note on resending and a way back to login', async () => {
    await openForgotPassword();
    expect(screen.getByRole('heading', { name: '忘記密碼' })).toBeInTheDocument();
    expect(mobileInput()).toHaveAttribute('type', 'tel');
    expect(mobileInput()).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText(new RegExp(NOTE))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');
  });

  it('sends the mobile encrypted, keeps the temp token in TEMP_ACCESS_TOKEN and goes to the code screen', async () => {
    const calls = answer('forgetPassword', () => reply('C01', { temp_access_token: TEMP_TOKEN }));
    const { user, router } = await openForgotPassword();
    await user.type(mobileInput(), MOBILE);
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify_forget_password'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.payload.token).toBeUndefined();
    expect(decrypted(calls[0]?.params.mobile)).toBe(MOBILE);
    expect(sessionStorage.getItem('TEMP_ACCESS_TOKEN')).toBe(TEMP_TOKEN);
    expect(sessionStorage.getItem('temp_access_token')).toBeNull();
    expect(await screen.findByLabelText('驗證碼')).toBeInTheDocument();
  });

  it.each(['MEMBER_IS_NOT_EXIST', 'SMS_RESEND_TOO_SOON', 'SMS_SEND_LIMIT'] as const)(
    'shows the RM of %s and stays, keeping no token',
    async (rc) => {
      answer('forgetPassword', () => reply(rc));
      const { user, router } = await openForgotPassword();
      await user.type(mobileInput(), MOBILE);
      await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
      const dialog = await notice();
      expect(dialog).toHaveTextContent(RC_MESSAGES[rc]);
      expect(router.state.location.pathname).toBe('/forgotPassword');
      expect(sessionStorage.getItem('TEMP_ACCESS_TOKEN')).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: '關閉' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(mobileInput()).toHaveValue(MOBILE);
    },
  );

  it('shows the loading modal while the call runs', async () => {
    const { held, release } = heldAnswer();
    answer('forgetPassword', async () => {
      await held;
      return reply('MEMBER_IS_NOT_EXIST');
    });
    const { user } = await openForgotPassword();
    await user.type(mobileInput(), MOBILE);
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    expect(await screen.findByText('載入中...')).toBeVisible();
    release();
    expect(await notice()).toHaveTextContent('查無此會員');
    expect(screen.queryByText('載入中...')).not.toBeInTheDocument();
  });

  it('offers a mobile that is no member the way to register, with the mobile typed', async () => {
    answer('forgetPassword', () => reply('MEMBER_IS_NOT_EXIST'));
    answerTerms();
    const { user, router } = await openForgotPassword();
    await user.type(mobileInput(), MOBILE);
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    const dialog = await notice();
    expect(dialog).toHaveTextContent(RC_MESSAGES.MEMBER_IS_NOT_EXIST);
    await user.click(within(dialog).getByRole('link', { name: '會員註冊' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFirst'));
    expect(await screen.findByLabelText('手機號碼')).toHaveValue(MOBILE);
    expect(router.state.location.href).toBe('/registerFirst');
  });

  it.each([
    ['', '請輸入手機號碼'],
    ['09123', '手機號碼格式錯誤'],
    ['09123456ab', '手機號碼格式錯誤'],
  ])('checks the mobile "%s" before calling: %s', async (mobile, message) => {
    const { user } = await openForgotPassword();
    if (mobile) await user.type(mobileInput(), mobile);
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    await waitFor(() => expect(errorsOf(mobileInput())).toBe(message));
    expect(mobileInput()).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('/verify_forget_password', () => {
  it('verifies the code with the temp token and goes to /reset_pwd, keeping the token', async () => {
    const verifies = answer('forgetPasswordVerify', () => reply('C01', {}));
    const { user, router } = await openVerify();
    expect(screen.getByRole('heading', { name: '輸入驗證碼' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(NOTE))).toBeInTheDocument();
    // A request retried after its answer was lost, or a resend, leaves two SMS: only the newest works.
    expect(screen.getByText(/收到多封簡訊時，請輸入最新一封的驗證碼。/)).toBeInTheDocument();
    expect(codeInput()).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset_pwd'));
    expect(verifies[0]?.payload.token).toBe(TEMP_TOKEN);
    expect(verifies[0]?.params).toEqual({ verify_code: '123456' });
    expect(sessionStorage.getItem('TEMP_ACCESS_TOKEN')).toBe(TEMP_TOKEN);
    expect(await screen.findByLabelText('新密碼')).toBeInTheDocument();
  });

  it.each(['VERIFY_CODE_INCORRECT', 'VERIFY_CODE_EXPIRED', 'VERIFY_CODE_TOO_MANY_ATTEMPTS'] as const)(
    'shows the RM of %s and lets the member try again',
    async (rc) => {
      answer('forgetPasswordVerify', () => reply(rc));
      const { user, router } = await openVerify();
      await user.type(codeInput(), '654321');
      await user.click(screen.getByRole('button', { name: '驗證' }));
      expect(await notice()).toHaveTextContent(RC_MESSAGES[rc]);
      expect(router.state.location.pathname).toBe('/verify_forget_password');
      expect(sessionStorage.getItem('TEMP_ACCESS_TOKEN')).toBe(TEMP_TOKEN);
    },
  );

  it('shows the RM of TOKEN_INVALID, forgets the token and offers to start over', async () => {
    answer('forgetPasswordVerify', () => reply('TOKEN_INVALID'));
    const { user } = await openVerify();
    await user.type(codeInput(), '654321');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    const dialog = await notice();
    expect(dialog).toHaveTextContent(RC_MESSAGES.TOKEN_INVALID);
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(screen.getByRole('alert')).toHaveTextContent('驗證資料已失效');
    expect(sessionStorage.getItem('TEMP_ACCESS_TOKEN')).toBeNull();
  });

  it.each([
    ['', '請輸入驗證碼'],
    ['12345', '驗證碼為 6 位數字'],
  ])('checks the code "%s" before calling: %s', async (code, message) => {
    const { user } = await openVerify();
    if (code) await user.type(codeInput(), code);
    await user.click(screen.getByRole('button', { name: '驗證' }));
    await waitFor(() => expect(errorsOf(codeInput())).toBe(message));
  });

  it('resends the code with the temp token and says 驗證碼已重新發送', async () => {
    const resends = answer('resendForgetVerify', () => reply('C01', {}));
    const { user } = await openVerify();
    await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
    expect(await notice()).toHaveTextContent('驗證碼已重新發送');
    expect(resends[0]?.payload.token).toBe(TEMP_TOKEN);
    expect(resends[0]?.params).toEqual({});
  });

  it('shows the RM of SMS_SEND_LIMIT on resend', async () => {
    answer('resendForgetVerify', () => reply('SMS_SEND_LIMIT'));
    const { user } = await openVerify();
    await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
    expect(await notice()).toHaveTextContent(RC_MESSAGES.SMS_SEND_LIMIT);
  });

  it('a resend found too soon after the last keeps the code entry, counts down, and says a code was sent within the minute', async () => {
    answer('resendForgetVerify', () => reply('SMS_RESEND_TOO_SOON'));
    const { user } = await openVerify();
    await user.click(screen.getByRole('button', { name: '重新發送驗證碼' }));
    await expectCodeSentWithinAMinute();
    expect(sessionStorage.getItem('TEMP_ACCESS_TOKEN')).toBe(TEMP_TOKEN);
  });

  it('without the temp token says so, makes no call, and leads back to /forgotPassword', async () => {
    const { user, router } = renderApp('/verify_forget_password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('驗證資料已失效');
    expect(alert).toHaveTextContent('請重新申請');
    expect(screen.queryByLabelText('驗證碼')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('link', { name: '重新申請' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgotPassword'));
  });

  it.each(['驗證', '重新發送驗證碼'])('%s makes no call once the token is gone', async (button) => {
    const { user } = await openVerify();
    sessionStorage.removeItem('TEMP_ACCESS_TOKEN');
    if (button === '驗證') await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByRole('alert')).toHaveTextContent('驗證資料已失效');
  });
});

describe('a recovery that is done', () => {
  async function recoverThroughToLogin() {
    answer('forgetPassword', () => reply('C01', { temp_access_token: TEMP_TOKEN }));
    answer('forgetPasswordVerify', () => reply('C01', {}));
    answer('resetPassword', () => reply('C01', {}));
    const { user, router } = await openForgotPassword();
    await user.type(mobileInput(), MOBILE);
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    await user.type(await screen.findByLabelText('驗證碼'), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    await user.type(await screen.findByLabelText('新密碼'), 'fresh2025');
    await user.type(screen.getByLabelText('確認新密碼'), 'fresh2025');
    await user.click(screen.getByRole('button', { name: '確定' }));
    await user.click(within(await notice()).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    return { user, router };
  }

  it('ends on /login with the mobile already typed', async () => {
    await recoverThroughToLogin();
    expect(await screen.findByLabelText('帳號')).toHaveValue(MOBILE);
  });

  it('says it is done when Back reaches its code screen again, and leads to login, not to starting over', async () => {
    const { router } = await recoverThroughToLogin();
    window.history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify_forget_password'));
    const done = await screen.findByRole('alert');
    expect(done).toHaveTextContent('密碼已重設完成');
    expect(done).not.toHaveTextContent('驗證資料已失效');
    expect(within(done).getByRole('link', { name: '前往登入' })).toHaveAttribute('href', '/login');
  });

  it('is forgotten when a new recovery starts', async () => {
    const { user, router } = await recoverThroughToLogin();
    await router.navigate({ to: '/forgotPassword' });
    await user.type(await screen.findByLabelText('手機號碼'), MOBILE);
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    expect(await screen.findByLabelText('驗證碼')).toBeInTheDocument();
    // The new recovery's token is lost (another tab finished it): this one is not the done one.
    sessionStorage.removeItem('TEMP_ACCESS_TOKEN');
    await user.type(screen.getByLabelText('驗證碼'), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('驗證資料已失效');
  });
});
