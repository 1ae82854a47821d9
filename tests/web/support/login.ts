import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { loginTexts } from '../../../src/i18n/zh-TW/login';

export const MOBILE = '0912345678';
export const PASSWORD = 'abc123';

export const accountInput = () => screen.getByLabelText(loginTexts.accountLabel);
export const passwordInput = () => screen.getByLabelText(loginTexts.passwordLabel);
export const loginButton = () => screen.getByRole('button', { name: '登入' });

/** Types the account and password as a member would, then presses 登入. */
export async function signInAs(user: UserEvent, account = MOBILE, password = PASSWORD): Promise<void> {
  await screen.findByLabelText(loginTexts.accountLabel);
  if (account) await user.type(accountInput(), account);
  if (password) await user.type(passwordInput(), password);
  await user.click(loginButton());
}
