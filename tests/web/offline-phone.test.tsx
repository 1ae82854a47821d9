import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { startSession } from '../../src/lib/session';
import { answer, reply } from './support/api';
import { signInAs } from './support/login';
import { renderApp } from './support/render-app';
import { server } from './support/server';

/** The phone says it has no network (flight mode, no signal): the browser's fetch fails at once. */
function goOffline(): void {
  onlineManager.setOnline(false);
  server.use(http.all(/.*/, () => HttpResponse.error()));
}

afterEach(() => onlineManager.setOnline(true));

const networkNotice = async () => {
  const notice = await screen.findByRole('dialog', { name: '提示' });
  expect(notice).toHaveTextContent('網路連線不穩定，請確認連線後再試一次');
  return notice;
};

describe('a phone without a network is told so at once, and nothing is sent behind the member’s back later', () => {
  it('/login: 登入 says the connection failed instead of waiting for the network', async () => {
    const { user } = renderApp('/login');
    goOffline();
    await signInAs(user);
    await networkNotice();
    expect(screen.queryByRole('dialog', { name: '載入中...' })).not.toBeInTheDocument();
  });

  it('/change_pwd: a change asked for while offline is not made when the network comes back', async () => {
    startSession('member-token-offline', 'Member');
    const { user } = renderApp('/change_pwd');
    await user.type(await screen.findByLabelText('舊密碼'), 'abc12345');
    await user.type(screen.getByLabelText('新密碼'), 'fresh2025');
    await user.type(screen.getByLabelText('確認新密碼'), 'fresh2025');
    goOffline();
    await user.click(screen.getByRole('button', { name: '確定' }));
    const notice = await networkNotice();
    await user.click(within(notice).getByRole('button', { name: '關閉' }));

    server.resetHandlers();
    const changes = answer('updateMemberPassword', () => reply('C01', {}));
    onlineManager.setOnline(true);
    // What was typed stays for the member's own next try.
    expect(screen.getByLabelText('新密碼')).toHaveValue('fresh2025');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '確定' }));
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('修改成功');
    // Its answer shown, that try is the only change sent: the one asked for offline never went.
    expect(changes).toHaveLength(1);
  });

  it('/change_member: a profile that cannot be asked for says so, with the way to try again', async () => {
    startSession('member-token-offline', 'Member');
    goOffline();
    const { user } = renderApp('/change_member');
    expect((await screen.findAllByText('網路連線不穩定，請確認連線後再試一次')).length).toBeGreaterThan(0);
    server.resetHandlers();
    onlineManager.setOnline(true);
    answer('getMemberProfile', () =>
      reply('C01', {
        member_profile: {
          name: '王小明',
          mobile: '0912345678',
          gender: 'M',
          email: null,
          birthday: null,
          is_verified: true,
          referral_code: 'ABCD2345',
        },
      }),
    );
    await user.click(screen.getByRole('button', { name: '再試一次' }));
    expect(await screen.findByLabelText('姓名')).toHaveValue('王小明');
  });
});
