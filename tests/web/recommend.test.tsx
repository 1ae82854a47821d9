import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EndpointName } from '#protocol/endpoints';
import { VALIDATION_MESSAGES } from '#protocol/messages';
import { CALL_DEADLINE_MS } from '../../src/api/client';
import { answer, answerWithServerClock, heldAnswer, refuse, reply } from './support/api';
import { answerProfile, MEMBER_TOKEN, PROFILE, signIn } from './support/profile';
import { answerRewards, BRANDS, COUPON, POINT, REFEREE_TASK, storeStepOne } from './support/register';
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

  it('shows that it is loading again while 重新載入 works, and takes no second tap meanwhile', async () => {
    answer('briefCopywritingConfig', () => reply('C01', { copywriting: { friend_recommend: COPY } }));
    answer('taskInformation', () => reply('SYSTEM_ERROR', undefined, '獎勵載入失敗'));
    const { user } = renderApp('/recommend');
    expect(await screen.findByRole('alert')).toHaveTextContent('獎勵載入失敗');

    answerRewards(REFERRER_TASK);
    const { held, release } = heldAnswer();
    const tasks = answer('taskInformation', async () => {
      await held;
      return reply('C01', REFERRER_TASK);
    });
    await user.click(screen.getByRole('button', { name: '重新載入' }));
    const working = await screen.findByRole('button', { name: '載入中...' });
    expect(working).toBeDisabled();
    await user.click(working);
    release();
    expect(await screen.findByRole('region', { name: '每邀請一位好友完成首次消費，您可獲得' })).toBeInTheDocument();
    expect(tasks).toHaveLength(1);
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

  it('offers the login screen to a visitor who opened it directly, and asks for no profile', async () => {
    answer('briefCopywritingConfig', () => reply('C01', { copywriting: { friend_recommend: COPY } }));
    answerRewards(REFERRER_TASK);
    renderApp('/recommend');
    expect(await screen.findByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('region', { name: '我的邀請碼' })).not.toBeInTheDocument();
  });
});

describe('/recommend and the period the referrer mission runs in', () => {
  // A CRM may answer a mission with its period and leave the judging to the app. Each phone's
  // clock is 8 h off, the other way from the answer the server's time gives, which answers told it.
  const HOURS_8 = 8 * 60 * 60 * 1000;
  const PERIOD = { start_datetime: '2026/01/01 00:00:00', end_datetime: '2027/12/31 23:59:59' };
  const region = () => screen.queryByRole('region', { name: '每邀請一位好友完成首次消費，您可獲得' });
  const openAt = (serverTime: string, serverAhead: number) => {
    vi.useFakeTimers({ now: new Date(serverTime).getTime() - serverAhead, toFake: ['Date'] });
    sessionStorage.setItem('server_clock_ahead_ms', JSON.stringify(serverAhead));
    const answerAtServerTime = (name: EndpointName, results: unknown) =>
      answerWithServerClock(name, serverAhead, () => reply('C01', results));
    answerAtServerTime('briefCopywritingConfig', { copywriting: { friend_recommend: COPY } });
    answerAtServerTime('taskInformation', { ...REFERRER_TASK, ...PERIOD });
    const rewards = {
      coupons: answerAtServerTime('couponInformation', { coupons: [COUPON] }),
      points: answerAtServerTime('pointInformation', { point: POINT }),
      brands: answerAtServerTime('brandInformation', { brands: BRANDS }),
    };
    renderApp('/recommend');
    return rewards;
  };

  it.each([
    ['from its first second', '2026-01-01T00:00:00.000+08:00', HOURS_8],
    ['to the last instant of its last second', '2027-12-31T23:59:59.999+08:00', -HOURS_8],
  ])('promises its rewards %s, by the server’s time', async (_, serverTime, serverAhead) => {
    openAt(serverTime, serverAhead);
    expect(await screen.findByRole('region', { name: '每邀請一位好友完成首次消費，您可獲得' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['before it begins', '2025-12-31T23:59:59.999+08:00', -HOURS_8],
    ['once it is over', '2028-01-01T00:00:00.000+08:00', HOURS_8],
  ])(
    'promises nothing %s, by the server’s time, and says so as for no such mission',
    async (_, serverTime, serverAhead) => {
      const rewards = openAt(serverTime, serverAhead);
      expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.taskNotFound);
      expect(region()).not.toBeInTheDocument();
      expect(screen.queryByText(COUPON.title)).not.toBeInTheDocument();
      expect(rewards.coupons).toHaveLength(0);
      expect(rewards.points).toHaveLength(0);
    },
  );

  it('says the same when the server has no such mission', async () => {
    answer('briefCopywritingConfig', () => reply('C01', { copywriting: { friend_recommend: COPY } }));
    refuse('taskInformation', 'PARAMETER_INVALID', `${VALIDATION_MESSAGES.taskNotFound}（task_type）`);
    renderApp('/recommend');
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.taskNotFound);
    expect(region()).not.toBeInTheDocument();
  });
});

describe('/recommend opened directly by a signed-in member', () => {
  const openSignedIn = () => {
    signIn();
    answer('briefCopywritingConfig', () => reply('C01', { copywriting: { friend_recommend: COPY } }));
    answerRewards(REFERRER_TASK);
    return renderApp('/recommend');
  };

  it('shows the member’s own invite code with the way to share it, and leads back to the profile', async () => {
    const profiles = answerProfile();
    const { user, router } = openSignedIn();

    const code = await screen.findByRole('region', { name: '我的邀請碼' });
    expect(await within(code).findByText(PROFILE.referral_code)).toBeInTheDocument();
    expect(within(code).getByRole('button', { name: '分享我的邀請連結' })).toBeInTheDocument();
    expect(profiles[0]?.payload.token).toBe(MEMBER_TOKEN);
    // The login screen would only send a signed-in member on: the way back says where it goes.
    expect(screen.queryByRole('link', { name: '返回登入' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '返回基本資料' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/change_member'));
  });

  it('says where the code will be while it is on its way', async () => {
    const { held, release } = heldAnswer();
    answer('getMemberProfile', async () => {
      await held;
      return reply('C01', { member_profile: PROFILE });
    });
    openSignedIn();
    expect(await screen.findByText('正在載入您的邀請碼…')).toHaveAttribute('role', 'status');
    release();
    const code = await screen.findByRole('region', { name: '我的邀請碼' });
    expect(within(code).getByText(PROFILE.referral_code)).toBeInTheDocument();
    expect(screen.queryByText('正在載入您的邀請碼…')).not.toBeInTheDocument();
  });

  it('is a visitor’s page once the server has ended the session: no code to wait for, and the way back is to login', async () => {
    answer('getMemberProfile', () => reply('TOKEN_INVALID'));
    openSignedIn();
    expect(await screen.findByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('正在載入您的邀請碼…')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重新載入' })).not.toBeInTheDocument();
  });

  it('says why the code is missing when the profile cannot be had, and asks again', async () => {
    answer('getMemberProfile', () => reply('SYSTEM_ERROR', undefined, '系統忙碌中'));
    const { user } = openSignedIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('系統忙碌中');
    expect(screen.getByRole('link', { name: '返回基本資料' })).toHaveAttribute('href', '/change_member');

    answerProfile();
    await user.click(screen.getByRole('button', { name: '重新載入' }));
    expect(await screen.findByText(PROFILE.referral_code)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/recommend on one bar of signal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for its rewards’ calls one after another, each within its deadline, without calling the page failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const slow = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const nearlyTheDeadline = CALL_DEADLINE_MS - 2_000;
    answer('briefCopywritingConfig', () => reply('C01', { copywriting: { friend_recommend: COPY } }));
    answerRewards(REFERRER_TASK);
    // The task, then its coupons and points, then their brands: each answered just within a call's wait.
    answer('taskInformation', async () => {
      await slow(nearlyTheDeadline);
      return reply('C01', REFERRER_TASK);
    });
    answer('couponInformation', async () => {
      await slow(nearlyTheDeadline);
      return reply('C01', { coupons: [COUPON] });
    });
    renderApp('/recommend');
    // A second at a time, with the answers' own turns of the event loop between.
    for (let second = 0; second < (2 * nearlyTheDeadline) / 1_000 - 1; second++) {
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(screen.queryByRole('heading', { name: '無法顯示此頁面' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('載入中...');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByRole('region', { name: '每邀請一位好友完成首次消費，您可獲得' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '無法顯示此頁面' })).not.toBeInTheDocument();
  });
});
