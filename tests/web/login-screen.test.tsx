import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appTexts } from '../../src/i18n/zh-TW/app';
import { loginTexts } from '../../src/i18n/zh-TW/login';
import { answer, decrypted, reply } from './support/api';
import { TEST_CONFIG } from './support/config';
import { accountInput, loginButton, MOBILE, passwordInput, signInAs } from './support/login';
import { renderApp } from './support/render-app';

describe('the login screen', () => {
  it('shows the logo, both fields, login, the two links, the or divider and the LINE card', async () => {
    renderApp('/login');
    expect(await screen.findByRole('img', { name: appTexts.logoAlt })).toBeInTheDocument();
    expect(accountInput()).toHaveAttribute('placeholder', '請輸入手機號碼');
    expect(passwordInput()).toHaveAttribute('placeholder', '6 位以上英數字組合');
    expect(loginButton()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '會員註冊' })).toHaveAttribute('href', '/registerFirst');
    expect(screen.getByRole('link', { name: '忘記密碼' })).toHaveAttribute('href', '/forgotPassword');
    expect(screen.getByRole('link', { name: '首次登入說明' })).toHaveAttribute('href', '/login/text');
    expect(screen.getByText('或')).toBeInTheDocument();
    const lineCard = screen.getByRole('button', { name: /LINE/ });
    expect(within(lineCard).getByText('示範 LINE')).toBeInTheDocument();
  });

  it.each([
    ['0912-345-678', '0912345678'],
    ['not a mobile', ''],
    ['09123456789', ''],
  ])(
    'starts the account from a mobile carried in the history entry only when it is one: %s',
    async (carried, shown) => {
      const { router } = renderApp('/login/text');
      await screen.findByRole('heading', { level: 1 });
      await router.navigate({ to: '/login', state: { mobile: carried } });
      expect(await screen.findByLabelText(loginTexts.accountLabel)).toHaveValue(shown);
    },
  );

  it('brings the account typed so far to 忘記密碼, where it need not be typed again', async () => {
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText(loginTexts.accountLabel), '0912-345-678');
    await user.click(screen.getByRole('link', { name: '忘記密碼' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgotPassword'));
    expect(await screen.findByLabelText('手機號碼')).toHaveValue('0912345678');
  });

  it('has no demo marker when a LIFF app is configured', async () => {
    renderApp('/login', { ...TEST_CONFIG, liffId: '1234567890-AbCdEfGh', demoMode: false });
    const lineCard = await screen.findByRole('button', { name: /LINE/ });
    expect(within(lineCard).queryByText('示範 LINE')).not.toBeInTheDocument();
  });

  it('shows and hides the password with a labelled toggle', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText(loginTexts.passwordLabel), 'secret1');
    expect(passwordInput()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: '顯示密碼' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    expect(passwordInput()).toHaveValue('secret1');
    await user.click(screen.getByRole('button', { name: '隱藏密碼' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });
});

describe('login validation', () => {
  it('says nothing while typing, and each field’s message on submit, linked to its input', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText(loginTexts.accountLabel), '09123');
    await user.type(passwordInput(), 'ab');
    expect(screen.queryByText('帳號格式錯誤')).not.toBeInTheDocument();
    expect(accountInput()).not.toHaveAttribute('aria-invalid');

    await user.click(loginButton());
    expect(await screen.findByText('帳號格式錯誤')).toBeInTheDocument();
    expect(screen.getByText('密碼須為 6 位以上英文字母或數字')).toBeInTheDocument();
    expect(accountInput()).toHaveAttribute('aria-invalid', 'true');
    expect(accountInput()).toHaveAccessibleDescription('帳號格式錯誤');
    expect(passwordInput()).toHaveAccessibleDescription('密碼須為 6 位以上英文字母或數字');

    // Editing the field takes its message away; only the next submit checks it again.
    await user.type(accountInput(), '4');
    expect(screen.queryByText('帳號格式錯誤')).not.toBeInTheDocument();
    expect(accountInput()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('密碼須為 6 位以上英文字母或數字')).toBeInTheDocument();
  });

  it('asks for both fields when empty, each message once, and never also the format message', async () => {
    const { user } = renderApp('/login');
    await screen.findByLabelText(loginTexts.accountLabel);
    await user.click(loginButton());
    await user.click(loginButton());
    expect(await screen.findAllByText('請輸入帳號')).toHaveLength(1);
    expect(screen.getAllByText('請輸入密碼')).toHaveLength(1);
    expect(screen.queryByText('帳號格式錯誤')).not.toBeInTheDocument();
    expect(accountInput()).toHaveFocus();
  });

  it('rejects symbols in the password and accepts an 8-digit birthday password', async () => {
    const { user } = renderApp('/login');
    await signInAs(user, MOBILE, 'abc12!');
    expect(await screen.findByText('密碼須為 6 位以上英文字母或數字')).toBeInTheDocument();

    const calls = answer('login', () => reply('PASSWORD_INCORRECT'));
    await user.clear(passwordInput());
    await user.type(passwordInput(), '19801201');
    await user.click(loginButton());
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('密碼錯誤');
    expect(screen.queryByText('密碼須為 6 位以上英文字母或數字')).not.toBeInTheDocument();
    expect(decrypted(calls[0]?.params.password)).toBe('19801201');
  });
});
