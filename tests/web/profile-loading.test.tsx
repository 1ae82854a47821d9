import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerRedirectLocation, heldAnswer, reply, setAesKeyCookie, urlOf } from './support/api';
import { SHOP_ORIGIN } from './support/config';
import { stubLocationReplace } from './support/location';
import { PROFILE, signIn } from './support/profile';
import { renderApp } from './support/render-app';

describe('/change_member: loading the profile', () => {
  it('shows the loading modal under 基本資料 until the profile is in, then the profile', async () => {
    const call = heldAnswer();
    answer('getMemberProfile', async () => {
      await call.held;
      return reply('C01', { member_profile: PROFILE });
    });
    signIn();
    renderApp('/change_member');
    expect(await screen.findByText('載入中...')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: '基本資料' })).toBeInTheDocument();
    expect(screen.queryByLabelText('姓名')).not.toBeInTheDocument();
    call.release();
    expect(await screen.findByLabelText('姓名')).toHaveValue(PROFILE.name);
    expect(screen.queryByText('載入中...')).not.toBeInTheDocument();
  });

  it('asks for the profile afresh on each arrival, and shows what it answers then', async () => {
    const answers = [PROFILE, { ...PROFILE, is_verified: true }];
    const profiles = answer('getMemberProfile', () => reply('C01', { member_profile: answers.shift() ?? PROFILE }));
    signIn();
    const { user, router } = renderApp('/change_member');
    await user.click(await screen.findByRole('link', { name: '變更手機號碼（目前為 0912-345-678）' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/change_member_mobile'));
    await user.click(await screen.findByRole('link', { name: '返回基本資料' }));
    expect(await screen.findByText('已驗證')).toBeInTheDocument();
    expect(profiles).toHaveLength(2);
  });
});

describe('/change_member: leaving after a save', () => {
  it('keeps the loading modal up while the page leaves for the redirect location', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    answer('getMemberProfile', () => reply('C01', { member_profile: PROFILE }));
    answer('updateMemberProfile', () => reply('C01', {}));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: `${SHOP_ORIGIN}/member/home` }));
    signIn();
    const { user } = renderApp('/change_member');
    await screen.findByLabelText('姓名');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('修改成功');
    await user.click(screen.getByRole('button', { name: '確定' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(`${SHOP_ORIGIN}/member/home`));
    expect(screen.getByText('載入中...')).toBeVisible();
  });

  it('lets the save button wait while the save runs, so a second press sends nothing', async () => {
    const call = heldAnswer();
    answer('getMemberProfile', () => reply('C01', { member_profile: PROFILE }));
    const updates = answer('updateMemberProfile', async () => {
      await call.held;
      return reply('C01', {});
    });
    signIn();
    const { user } = renderApp('/change_member');
    await screen.findByLabelText('姓名');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '儲存' })).toBeDisabled());
    call.release();
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('修改成功');
    expect(updates).toHaveLength(1);
    expect(screen.getByRole('button', { name: '儲存' })).toBeEnabled();
  });
});
