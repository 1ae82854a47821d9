import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, decrypted, reply } from './support/api';
import { errorsOf } from './support/fields';
import { accountInput, loginButton, passwordInput } from './support/login';
import { answerProfile, PROFILE, signIn } from './support/profile';
import { agreeAllTerms, answerTerms, fillStepOne, nextButton, STEP_ONE } from './support/register';
import { renderApp } from './support/render-app';

describe('a mobile is typed freely and sent as its 10 digits', () => {
  // Then as a Chinese keyboard in full-width mode (全形) types it, and as the contacts keep it.
  it.each([
    '0912-345-678',
    '0912 345 678',
    ' 0912345678 ',
    '０９１２３４５６７８',
    '０９１２－３４５－６７８',
    '+886 912 345 678',
    '+886-0912-345-678',
  ])('/login takes the account %j', async (typed) => {
    const logins = answer('login', () => reply('PASSWORD_INCORRECT'));
    const { user } = renderApp('/login');
    await screen.findByLabelText('帳號');
    expect(accountInput()).toHaveAttribute('maxlength', '17');
    await user.type(accountInput(), typed.trim());
    await user.type(passwordInput(), 'abc123');
    await user.click(loginButton());
    await waitFor(() => expect(logins).toHaveLength(1));
    expect(decrypted(logins[0]?.params.account)).toBe('0912345678');
  });

  it('/registerFirst sends 0912-345-678 to register_check as 0912345678', async () => {
    answerTerms();
    const checks = answer('registerCheck', () => reply('C01', {}));
    const { user, router } = renderApp('/registerFirst');
    await fillStepOne(user, { ...STEP_ONE, mobile: '0912-345-678' });
    await agreeAllTerms(user);
    await user.click(nextButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerSecond'));
    expect(decrypted(checks[0]?.params.mobile)).toBe('0912345678');
  });

  it('/forgotPassword sends 0912 345 678 as 0912345678', async () => {
    const calls = answer('forgetPassword', () => reply('MEMBER_IS_NOT_EXIST'));
    const { user } = renderApp('/forgotPassword');
    const mobile = await screen.findByLabelText('手機號碼');
    expect(mobile).toHaveAttribute('maxlength', '17');
    expect(mobile).toHaveAttribute('inputmode', 'numeric');
    await user.type(mobile, '0912 345 678');
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(decrypted(calls[0]?.params.mobile)).toBe('0912345678');
  });

  it('/change_member_mobile sends the new mobile as 10 digits and keeps it so', async () => {
    signIn();
    sessionStorage.setItem('member_access_info', JSON.stringify(PROFILE));
    const updates = answer('updateMemberMobile', () => reply('C01', {}));
    const { user, router } = renderApp('/change_member_mobile');
    await user.type(await screen.findByLabelText('新手機號碼'), '0987-654-321');
    await user.type(screen.getByLabelText('密碼'), 'abc12345');
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify_member_mobile'));
    expect(decrypted(updates[0]?.params.mobile)).toBe('0987654321');
    expect(sessionStorage.getItem('member_change_mobile')).toBe('0987654321');
  });

  it('still refuses a mobile that is not 10 digits once the dashes are gone', async () => {
    const { user } = renderApp('/forgotPassword');
    const mobile = await screen.findByLabelText('手機號碼');
    await user.type(mobile, '0912-345-67');
    await user.tab();
    await waitFor(() => expect(errorsOf(mobile)).toBe('手機號碼格式錯誤'));
  });
});

describe('a mobile is shown as 0912-345-678', () => {
  it('on the profile’s account field', async () => {
    signIn();
    answerProfile();
    renderApp('/change_member');
    expect(await screen.findByText('0912-345-678')).toBeVisible();
    expect(screen.getByRole('link', { name: /^變更/ })).toHaveAccessibleName(/0912-345-678/);
    expect(document.body).not.toHaveTextContent('0912345678');
  });

  it('on /change_member_mobile as the current mobile', async () => {
    signIn();
    sessionStorage.setItem('member_access_info', JSON.stringify(PROFILE));
    renderApp('/change_member_mobile');
    expect(await screen.findByText('目前的手機號碼：0912-345-678')).toBeInTheDocument();
  });
});
