import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, heldAnswer, reply } from './support/api';
import { pressBack } from './support/history';
import { answerProfile, signIn } from './support/profile';
import { renderApp } from './support/render-app';

/** From the profile to 修改密碼, the form filled and sent. */
async function changePasswordFromProfile() {
  const view = renderApp('/change_member');
  const { user } = view;
  await user.click(await screen.findByRole('link', { name: '修改密碼' }));
  await user.type(await screen.findByLabelText('舊密碼'), 'abc12345');
  await user.type(screen.getByLabelText('新密碼'), 'fresh2025');
  await user.type(screen.getByLabelText('確認新密碼'), 'fresh2025');
  await user.click(screen.getByRole('button', { name: '確定' }));
  return view;
}

describe('Back while a change of the account is on its way waits for the answer, which the member reads', () => {
  it('changing the password: the member stays for 修改成功 instead of leaving it unseen', async () => {
    signIn();
    answerProfile();
    const { held, release } = heldAnswer();
    const changes = answer('updateMemberPassword', async () => {
      await held;
      return reply('C01', {});
    });
    const { router } = await changePasswordFromProfile();
    await waitFor(() => expect(changes).toHaveLength(1));

    await pressBack();
    expect(router.state.location.pathname).toBe('/change_pwd');
    release();
    const done = await screen.findByRole('dialog', { name: '提示' });
    expect(done).toHaveTextContent('修改成功');
    expect(router.state.location.pathname).toBe('/change_pwd');
  });

  it('saving the profile: the member stays for its answer', async () => {
    signIn();
    answerProfile();
    const { held, release } = heldAnswer();
    answer('updateMemberProfile', async () => {
      await held;
      return reply('C01', {});
    });
    const { user, router } = renderApp('/change_pwd');
    await user.click(await screen.findByRole('link', { name: '返回基本資料' }));
    await user.clear(await screen.findByLabelText('姓名'));
    await user.type(screen.getByLabelText('姓名'), '王大明');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    expect(await screen.findByText('載入中...')).toBeInTheDocument();

    await pressBack();
    expect(router.state.location.pathname).toBe('/change_member');
    release();
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('修改成功');
  });

  it('once the answer is read, Back goes back as ever', async () => {
    signIn();
    answerProfile();
    answer('updateMemberPassword', () => reply('PASSWORD_INCORRECT'));
    const { user, router } = await changePasswordFromProfile();
    const notice = await screen.findByRole('dialog', { name: '提示' });
    await user.click(within(notice).getByRole('button', { name: '關閉' }));
    await pressBack();
    await waitFor(() => expect(router.state.location.pathname).toBe('/change_member'));
  });
});
