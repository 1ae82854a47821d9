import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol/rc';
import { answer, heldAnswer, reply } from './support/api';
import { keepNewMobile, signIn } from './support/profile';
import { renderApp } from './support/render-app';

describe('/verify_member_mobile: one call at a time', () => {
  it('lets 驗證 and 重新發送驗證碼 wait while the code is checked, then shows the answer', async () => {
    const { held, release } = heldAnswer();
    const verifies = answer('memberVerify', async () => {
      await held;
      return reply('VERIFY_CODE_INCORRECT');
    });
    const resends = answer('resendMemberVerify', () => reply('C01', {}));
    signIn();
    keepNewMobile('0987654321');
    const { user } = renderApp('/verify_member_mobile');
    await user.type(await screen.findByLabelText('驗證碼'), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await screen.findByText('載入中...')).toBeVisible();
    expect(screen.getByRole('button', { name: '驗證' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '重新發送驗證碼' })).toBeDisabled();
    release();
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent(RC_MESSAGES.VERIFY_CODE_INCORRECT);
    await waitFor(() => expect(screen.getByRole('button', { name: '驗證' })).toBeEnabled());
    expect(verifies).toHaveLength(1);
    expect(resends).toHaveLength(0);
  });
});
