import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, reply } from './support/api';
import { answerRewards, REFEREE_TASK, storeStepOne } from './support/register';
import { renderApp } from './support/render-app';

const COPY = '邀請好友加入會員，\n好友完成首次消費，您就能獲得好禮！';
const REFERRER_TASK = { ...REFEREE_TASK, title: '邀請好友禮', description: '每成功邀請一位好友即可獲得。' };

describe('/recommend', () => {
  it('shows the friend_recommend copy and the referrer rewards as cards', async () => {
    const copies = answer('briefCopywritingConfig', () => reply('C01', { copywriting: { friend_recommend: COPY } }));
    const rewards = answerRewards(REFERRER_TASK);
    renderApp('/recommend');

    expect(await screen.findByRole('heading', { name: '邀請好友有禮' })).toBeInTheDocument();
    expect(await screen.findByText(/邀請好友加入會員/)).toHaveTextContent('好友完成首次消費，您就能獲得好禮！');
    const section = await screen.findByRole('region', { name: '每邀請一位好友完成首次消費，您可獲得' });
    const cards = within(section).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('全館 9 折券');
    expect(cards[1]).toHaveTextContent('200 點');
    expect(section).toHaveTextContent('每成功邀請一位好友即可獲得。');
    expect(copies[0]?.params).toEqual({ keys: ['friend_recommend'] });
    expect(rewards.tasks[0]?.params).toEqual({ task_type: 'referrer', full_info: true });
  });

  it('says there is no reward when the task gives none', async () => {
    answer('briefCopywritingConfig', () => reply('C01', { copywriting: { friend_recommend: COPY } }));
    answer('taskInformation', () =>
      reply('C01', { ...REFERRER_TASK, reward_info: { obtain_coupons: [], obtain_points: [] } }),
    );
    renderApp('/recommend');
    expect(await screen.findByText('目前沒有獎勵活動。')).toBeInTheDocument();
  });

  it('shows the RM when a call fails, and tries again', async () => {
    answer('briefCopywritingConfig', () => reply('SYSTEM_ERROR', undefined, '文案載入失敗'));
    answerRewards(REFERRER_TASK);
    const { user } = renderApp('/recommend');
    expect(await screen.findByRole('alert')).toHaveTextContent('文案載入失敗');
    answer('briefCopywritingConfig', () => reply('C01', { copywriting: { friend_recommend: COPY } }));
    await user.click(screen.getByRole('button', { name: '重新載入' }));
    expect(await screen.findByText(/邀請好友加入會員/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the copy when only the rewards fail, and asks only for the rewards again', async () => {
    const copies = answer('briefCopywritingConfig', () => reply('C01', { copywriting: { friend_recommend: COPY } }));
    answer('taskInformation', () => reply('SYSTEM_ERROR', undefined, '獎勵載入失敗'));
    const { user } = renderApp('/recommend');
    expect(await screen.findByRole('alert')).toHaveTextContent('獎勵載入失敗');
    expect(screen.getByText(/邀請好友加入會員/)).toBeInTheDocument();

    answerRewards(REFERRER_TASK);
    await user.click(screen.getByRole('button', { name: '重新載入' }));
    expect(await screen.findByRole('region', { name: '每邀請一位好友完成首次消費，您可獲得' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(copies).toHaveLength(1);
  });

  it('opens from the invite-code field of step 2 and goes back there', async () => {
    storeStepOne();
    answer('briefCopywritingConfig', () => reply('C01', { copywriting: { friend_recommend: COPY } }));
    answerRewards(REFERRER_TASK);
    const { user, router } = renderApp('/registerSecond');
    await user.click(await screen.findByRole('link', { name: '邀請好友有禮' }));
    expect(await screen.findByRole('heading', { name: '邀請好友有禮' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/recommend');
    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerSecond'));
  });

  it('offers the login screen when opened directly', async () => {
    answer('briefCopywritingConfig', () => reply('C01', { copywriting: { friend_recommend: COPY } }));
    answerRewards(REFERRER_TASK);
    renderApp('/recommend');
    expect(await screen.findByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');
  });
});
