import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol/rc';
import { startSession } from '../../src/lib/session';
import { answer, decrypted, reply, urlOf } from './support/api';
import { SHOP_ORIGIN } from './support/config';
import { errorsOf } from './support/fields';
import { renderApp } from './support/render-app';
import { server } from './support/server';
import { closeNetworkNotice, loseNextAnswer } from './support/weak-signal';

const TEMP_TOKEN = 'temp-forgot-token';
const newPassword = () => screen.getByLabelText('新密碼');
const confirmation = () => screen.getByLabelText('確認新密碼');
const okButton = () => screen.getByRole('button', { name: '確定' });
const notice = () => screen.findByRole('dialog', { name: '提示' });

async function openReset(url = '/reset_pwd') {
  sessionStorage.setItem('TEMP_ACCESS_TOKEN', TEMP_TOKEN);
  const view = renderApp(url);
  await screen.findByLabelText('新密碼');
  return view;
}

async function fill(user: ReturnType<typeof renderApp>['user'], password: string, confirm = password) {
  await user.type(newPassword(), password);
  await user.type(confirmation(), confirm);
}

/** A reset whose answer is lost, its notice closed, and the screen left (the page unloaded). */
async function resetLosingTheAnswerThenLeave() {
  loseNextAnswer('resetPassword');
  const first = await openReset();
  await fill(first.user, 'abc12345');
  await first.user.click(okButton());
  await closeNetworkNotice(first.user);
  first.unmount();
}

describe('/reset_pwd', () => {
  it('asks for the new password twice, both hidden, with an OK button', async () => {
    await openReset();
    expect(screen.getByRole('heading', { name: '重設密碼' })).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('type', 'password');
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');
    // The rule stays under the field while the member types, where a placeholder would go.
    expect(newPassword()).toHaveAccessibleDescription('請設定 6-12 位、含英文字母與數字的密碼');
    expect(confirmation()).toHaveAttribute('type', 'password');
    expect(okButton()).toHaveAttribute('type', 'submit');
  });

  it('resets with the temp token, says so, forgets the token, and goes to /login when confirmed', async () => {
    const resets = answer('resetPassword', () => reply('C01', {}));
    const { user, router } = await openReset();
    await fill(user, 'fresh2025');
    await user.click(okButton());
    const done = await notice();
    expect(done).toHaveTextContent('密碼重設完成，下次請使用新密碼登入');
    expect(resets).toHaveLength(1);
    expect(resets[0]?.payload.token).toBe(TEMP_TOKEN);
    expect(Object.keys(resets[0]?.params ?? {})).toEqual(['new_password']);
    expect(decrypted(resets[0]?.params.new_password)).toBe('fresh2025');
    expect(sessionStorage.getItem('TEMP_ACCESS_TOKEN')).toBeNull();
    expect(router.state.location.pathname).toBe('/reset_pwd');
    await user.click(within(done).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: '登入' })).toBeInTheDocument();
  });

  it('signs a member out here too, since a reset ends every session, so /login shows its form', async () => {
    startSession('member-token-before-reset', 'Member');
    answer('resetPassword', () => reply('C01', {}));
    const { user, router } = await openReset();
    await fill(user, 'fresh2025');
    await user.click(okButton());
    await user.click(within(await notice()).getByRole('button', { name: '確定' }));
    expect(await screen.findByRole('button', { name: '登入' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('memberAuth')).toBeNull();
  });

  it('keeps a safe rurl in local storage', async () => {
    await openReset(`/reset_pwd?rurl=${encodeURIComponent(`${SHOP_ORIGIN}/member`)}`);
    expect(localStorage.getItem('rurl')).toBe(`${SHOP_ORIGIN}/member`);
  });

  it('does not keep a rurl on another origin', async () => {
    await openReset(`/reset_pwd?rurl=${encodeURIComponent('https://evil.example.net/')}`);
    expect(localStorage.getItem('rurl')).toBeNull();
  });

  it.each([
    ['', '', '請輸入新密碼', '請再次輸入密碼'],
    ['abcdefgh', 'abcdefgh', '密碼須為 6-12 位英文字母與數字組合', ''],
    ['abc12', 'abc12', '密碼須為 6-12 位英文字母與數字組合', ''],
    ['abc12345', 'abc12346', '', '兩次輸入的密碼不一致'],
  ])('checks "%s" / "%s" before calling', async (password, confirm, passwordMessage, confirmMessage) => {
    const { user } = await openReset();
    if (password) await user.type(newPassword(), password);
    if (confirm) await user.type(confirmation(), confirm);
    await user.click(okButton());
    await waitFor(() => expect(errorsOf(newPassword())).toBe(passwordMessage));
    await waitFor(() => expect(errorsOf(confirmation())).toBe(confirmMessage));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes a 13-character password: the text says 6-12, the rule is 6 to 100', async () => {
    const resets = answer('resetPassword', () => reply('C01', {}));
    const { user } = await openReset();
    await fill(user, 'abcdefghijk12');
    await user.click(okButton());
    expect(await notice()).toHaveTextContent('密碼重設完成');
    expect(decrypted(resets[0]?.params.new_password)).toBe('abcdefghijk12');
  });

  it('checks the confirmation again when the password changes after the confirmation was touched', async () => {
    const { user } = await openReset();
    await fill(user, 'abc12345');
    await user.tab();
    expect(errorsOf(confirmation())).toBe('');
    await user.type(newPassword(), '9');
    await waitFor(() => expect(errorsOf(confirmation())).toBe('兩次輸入的密碼不一致'));
    expect(confirmation()).toHaveAttribute('aria-invalid', 'true');
    await user.type(confirmation(), '9');
    await waitFor(() => expect(errorsOf(confirmation())).toBe(''));
  });

  it('shows the RM of PASSWORD_SAME_AS_OLD and keeps the token for another try', async () => {
    answer('resetPassword', () => reply('PASSWORD_SAME_AS_OLD'));
    const { user, router } = await openReset();
    await fill(user, 'abc12345');
    await user.click(okButton());
    expect(await notice()).toHaveTextContent('新密碼不可與舊密碼相同');
    expect(sessionStorage.getItem('TEMP_ACCESS_TOKEN')).toBe(TEMP_TOKEN);
    expect(router.state.location.pathname).toBe('/reset_pwd');
  });

  it('shows the RM of VERIFY_CODE_REQUIRED, then goes back to the code screen', async () => {
    answer('resetPassword', () => reply('VERIFY_CODE_REQUIRED'));
    const { user, router } = await openReset();
    await fill(user, 'abc12345');
    await user.click(okButton());
    const dialog = await notice();
    expect(dialog).toHaveTextContent(RC_MESSAGES.VERIFY_CODE_REQUIRED);
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify_forget_password'));
    expect(await screen.findByLabelText('驗證碼')).toBeInTheDocument();
  });

  it('shows the RM of TOKEN_INVALID and offers to start over', async () => {
    answer('resetPassword', () => reply('TOKEN_INVALID'));
    const { user } = await openReset();
    await fill(user, 'abc12345');
    await user.click(okButton());
    const dialog = await notice();
    expect(dialog).toHaveTextContent(RC_MESSAGES.TOKEN_INVALID);
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(screen.getByRole('alert')).toHaveTextContent('驗證資料已失效');
    expect(screen.getByRole('link', { name: '重新申請' })).toHaveAttribute('href', '/forgotPassword');
  });

  it('after a try whose answer was lost, says a TOKEN_INVALID most likely means the reset was made', async () => {
    // The reset spends the temp token: the next try cannot tell a made reset from an expired token.
    const resets = answer('resetPassword', () => reply('TOKEN_INVALID'));
    loseNextAnswer('resetPassword');
    const { user } = await openReset();
    await fill(user, 'abc12345');
    await user.click(okButton());
    await closeNetworkNotice(user);
    await user.click(okButton());
    const dialog = await notice();
    expect(dialog).toHaveTextContent('密碼可能已重設完成，請使用新密碼登入；若無法登入，請重新申請。');
    expect(dialog).not.toHaveTextContent(RC_MESSAGES.TOKEN_INVALID);
    expect(resets).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(screen.getByRole('alert')).toHaveTextContent('驗證資料已失效');
    expect(sessionStorage.getItem('TEMP_ACCESS_TOKEN')).toBeNull();
  });

  it('says the same after a reload, the lost answer kept in the tab', async () => {
    const resets = answer('resetPassword', () => reply('TOKEN_INVALID'));
    await resetLosingTheAnswerThenLeave();

    const { user } = await openReset();
    await fill(user, 'abc12345');
    await user.click(okButton());
    const dialog = await notice();
    expect(dialog).toHaveTextContent('密碼可能已重設完成，請使用新密碼登入；若無法登入，請重新申請。');
    expect(resets).toHaveLength(1);
  });

  it('reads a later recovery’s TOKEN_INVALID as it came: its verified code began a reset of its own', async () => {
    answer('resetPassword', () => reply('TOKEN_INVALID'));
    answer('forgetPasswordVerify', () => reply('C01', {}));
    await resetLosingTheAnswerThenLeave();

    // Left there; later, in the same tab, a recovery of its own: the code entered, then the reset.
    sessionStorage.setItem('TEMP_ACCESS_TOKEN', 'temp-forgot-token-later');
    const later = renderApp('/verify_forget_password');
    await later.user.type(await screen.findByLabelText('驗證碼'), '123456');
    await later.user.click(screen.getByRole('button', { name: '驗證' }));
    await screen.findByLabelText('新密碼');
    await fill(later.user, 'abc12345');
    await later.user.click(okButton());
    expect(await notice()).toHaveTextContent(RC_MESSAGES.TOKEN_INVALID);
  });

  it('shows the system message when the call fails outright', async () => {
    server.use(http.post(urlOf('resetPassword'), () => new HttpResponse('bad gateway', { status: 502 })));
    const { user } = await openReset();
    await fill(user, 'abc12345');
    await user.click(okButton());
    expect(await notice()).toHaveTextContent(RC_MESSAGES.SYSTEM_ERROR);
  });

  it('without the temp token says so and makes no call', async () => {
    renderApp('/reset_pwd');
    expect(await screen.findByRole('alert')).toHaveTextContent('驗證資料已失效');
    expect(screen.queryByLabelText('新密碼')).not.toBeInTheDocument();
  });
});
