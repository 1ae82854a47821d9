import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol/rc';
import { answer, refuse, reply } from './support/api';
import { signInAs } from './support/login';
import { renderApp } from './support/render-app';

const notice = () => screen.findByRole('dialog', { name: '提示' });

async function askForgotPasswordCode() {
  const { user } = renderApp('/forgotPassword');
  await user.type(await screen.findByLabelText('手機號碼'), '0912345678');
  await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
}

describe('a refusal shows the server’s RM, never a field name', () => {
  it('drops the field the server names after a PARAMETER_INVALID message (HTTP 400)', async () => {
    refuse('forgetPassword', 'PARAMETER_INVALID', '手機號碼格式錯誤（mobile）');
    await askForgotPasswordCode();
    const dialog = await notice();
    expect(dialog).toHaveTextContent('手機號碼格式錯誤');
    expect(dialog).not.toHaveTextContent('mobile');
    expect(dialog).not.toHaveTextContent('（');
  });

  it('drops a nested field path from an answer with any RC', async () => {
    answer('login', () => reply('PARAMETER_INVALID', undefined, '參數錯誤（register.birthday）'));
    const { user } = renderApp('/login');
    await signInAs(user);
    const dialog = await notice();
    expect(dialog).toHaveTextContent('參數錯誤');
    expect(dialog).not.toHaveTextContent('register.birthday');
  });

  it('keeps words in brackets that are part of the message', async () => {
    answer('login', () => reply('ACCOUNT_LOCKED', undefined, '帳號已暫時鎖定（15 分鐘）'));
    const { user } = renderApp('/login');
    await signInAs(user);
    expect(await notice()).toHaveTextContent('帳號已暫時鎖定（15 分鐘）');
  });

  it('shows the RC’s own zh-TW message when the RM is not one a member can read', async () => {
    refuse(
      'forgetPassword',
      'PARAMETER_INVALID',
      'Invalid type: Expected string but received undefined（request_parameter）',
    );
    await askForgotPasswordCode();
    const dialog = await notice();
    expect(dialog).toHaveTextContent(RC_MESSAGES.PARAMETER_INVALID);
    expect(dialog).not.toHaveTextContent('Invalid');
    expect(dialog).not.toHaveTextContent('request_parameter');
  });
});
