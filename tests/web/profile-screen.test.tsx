import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../src/lib/session';
import { answer, answerRedirectLocation, heldAnswer, reply, urlOf } from './support/api';
import { answerProfile, latestBirthdayInput, MEMBER_TOKEN, PROFILE, signIn } from './support/profile';
import { renderApp } from './support/render-app';
import { server } from './support/server';
import { loseNextAnswer } from './support/weak-signal';

const YEAR_AND_A_DAY_MS = 366 * 24 * 60 * 60 * 1000;
const notice = () => screen.findByRole('dialog', { name: '提示' });

async function openProfile(url = '/change_member') {
  signIn();
  const view = renderApp(url);
  await screen.findByLabelText('姓名');
  return view;
}

describe.each(['/change_member', '/change_member_mobile', '/verify_member_mobile', '/verify_mobile'])(
  'the guard of %s',
  (path) => {
    it('sends a visitor without a session to /login', async () => {
      const { router } = renderApp(path);
      expect(await screen.findByRole('button', { name: '登入' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    });

    it('clears an expired session and sends the visitor to /login', async () => {
      startSession('expired-token', 'Member', new Date(Date.now() - YEAR_AND_A_DAY_MS));
      const { router } = renderApp(path);
      expect(await screen.findByRole('button', { name: '登入' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(localStorage.getItem('memberAuth')).toBeNull();
    });
  },
);

describe('/change_member: the profile as loaded', () => {
  it('is titled 基本資料 and shows the account, the details and the referral code', async () => {
    const profiles = answerProfile({ birthday: '1990/05/20' });
    await openProfile();
    expect(screen.getByRole('heading', { level: 1, name: '基本資料' })).toBeInTheDocument();
    expect(profiles).toHaveLength(1);
    expect(profiles[0]?.payload.token).toBe(MEMBER_TOKEN);
    expect(profiles[0]?.params).toEqual({});
    const account = screen.getByRole('link', { name: '變更手機號碼（目前為 0912-345-678）' });
    expect(account).toHaveAttribute('href', '/change_member_mobile');
    expect(account).toHaveTextContent('0912-345-678');
    expect(screen.getByLabelText('姓名')).toHaveValue('王小明');
    expect(screen.getByRole('radio', { name: '男' })).toBeChecked();
    expect(screen.getByLabelText('電子信箱（選填）')).toHaveValue('ming@example.com');
    expect(screen.getByRole('group', { name: '生日（選填）' })).toHaveTextContent('1990/05/20');
    const referral = screen.getByRole('region', { name: '我的邀請碼' });
    expect(referral).toHaveTextContent('ABCD2345');
    expect(within(referral).getByRole('button', { name: '複製邀請碼' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '儲存' })).toBeInTheDocument();
    expect(screen.getByText('生日設定後無法修改')).toBeInTheDocument();
  });

  it('lets the referral code wrap only between groups of four, and reads and selects it whole', async () => {
    answerProfile({ referral_code: 'ABCD2345EFGH9' });
    await openProfile();
    const code = screen.getByText('ABCD2345EFGH9');
    // Large text on a narrow screen wraps the code at a group's end (ABCD2345 / EFGH9), never
    // before its last character; no space is added, so a selection copies the code as it is.
    expect([...code.childNodes].map((node) => node.textContent || node.nodeName)).toEqual([
      'ABCD',
      'WBR',
      '2345',
      'WBR',
      'EFGH',
      'WBR',
      '9',
    ]);
  });

  it('keeps the profile in session storage as member_access_info', async () => {
    answerProfile();
    await openProfile();
    expect(JSON.parse(sessionStorage.getItem('member_access_info') ?? 'null')).toEqual(PROFILE);
  });

  it('offers mobile verification (to /verify_mobile) only while the member is not verified', async () => {
    answerProfile({ is_verified: false });
    const view = await openProfile();
    expect(screen.getByText('您的手機號碼尚未驗證')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '立即驗證' })).toHaveAttribute('href', '/verify_mobile');
    expect(screen.queryByText('已驗證')).not.toBeInTheDocument();
    view.unmount();

    answerProfile({ is_verified: true });
    await openProfile();
    expect(screen.getByText('已驗證')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '立即驗證' })).not.toBeInTheDocument();
    expect(screen.queryByText('您的手機號碼尚未驗證')).not.toBeInTheDocument();
  });

  it('offers the three genders in the profile’s words (S is 保密, kept private), none chosen when the member has none', async () => {
    answerProfile({ gender: null, email: null });
    await openProfile();
    const group = screen.getByRole('group', { name: '性別（選填）' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['M', 'F', 'S']);
    for (const label of ['男', '女', '保密'])
      expect(within(group).getByRole('radio', { name: label })).not.toBeChecked();
    expect(screen.getByLabelText('電子信箱（選填）')).toHaveValue('');
  });

  it('lets a member without a birthday pick one at least 12 years back', async () => {
    answerProfile({ birthday: null });
    await openProfile();
    const birthday = screen.getByLabelText('生日（選填）');
    expect(birthday).toHaveAttribute('type', 'date');
    expect(birthday).toHaveValue('');
    expect(birthday).not.toHaveAttribute('readonly');
    expect(birthday).toHaveAttribute('max', latestBirthdayInput());
  });

  it('shows a set birthday as text, with the hint that it cannot be changed', async () => {
    answerProfile({ birthday: '1985/01/02' });
    await openProfile();
    const birthday = screen.getByRole('group', { name: '生日（選填）' });
    expect(birthday).toHaveTextContent('1985/01/02');
    expect(birthday).toHaveAccessibleDescription('生日設定後無法修改');
    expect(screen.queryByLabelText('生日（選填）', { selector: 'input' })).not.toBeInTheDocument();
  });
});

describe('/change_member: arriving from another screen', () => {
  it.each([
    ['mobile_changed', '手機號碼變更成功'],
    ['mobile_verified', '手機驗證成功'],
  ])('tells ?notice=%s once as %s and drops it from the address', async (key, text) => {
    answerProfile();
    const { router, user } = await openProfile(`/change_member?notice=${key}`);
    expect(await notice()).toHaveTextContent(text);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(window.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: '關閉' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('/change_member: when the profile cannot be loaded', () => {
  it('shows the server message, then after 2.5 seconds goes to /login and ends the dead session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer('getMemberProfile', () => reply('TOKEN_INVALID'));
    signIn();
    const { router } = renderApp('/change_member');
    expect(await notice()).toHaveTextContent('登入已失效，請重新登入');
    // The 2.5 seconds started as the message showed; from here the clock moves only as the test
    // moves it, so however slowly this machine runs, 2 seconds in is well inside them.
    vi.setTimerTickMode('manual');
    expect(screen.queryByLabelText('姓名')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(2000);
    expect(router.state.location.pathname).toBe('/change_member');
    await vi.advanceTimersByTimeAsync(500);
    expect(router.state.location.pathname).toBe('/login');
    vi.setTimerTickMode('interval');
    expect(await screen.findByRole('button', { name: '登入' })).toBeInTheDocument();
    expect(localStorage.getItem('memberAuth')).toBeNull();
  });

  it('stays when no answer came: the network message, no trip to /login, and 再試一次 shows the profile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const profiles = answer('getMemberProfile', () => reply('C01', { member_profile: PROFILE }));
    // Asked before the answer above (the last handler added is asked first), once.
    loseNextAnswer('getMemberProfile');
    signIn();
    const { router } = renderApp('/change_member');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(await notice()).toHaveTextContent('網路連線不穩定，請確認連線後再試一次');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(router.state.location.pathname).toBe('/change_member');
    await user.click(screen.getByRole('button', { name: '關閉' }));
    expect(router.state.location.pathname).toBe('/change_member');
    expect(screen.getByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: '再試一次' }));
    expect(await screen.findByLabelText('姓名')).toHaveValue(PROFILE.name);
    expect(profiles).toHaveLength(1);
    expect(localStorage.getItem('memberAuth')).not.toBeNull();
  });

  it('asks again under the loading overlay, and tells a second failure again', async () => {
    const { held, release } = heldAnswer();
    answer('getMemberProfile', async () => {
      await held;
      return reply('C01', { member_profile: PROFILE });
    });
    loseNextAnswer('getMemberProfile');
    loseNextAnswer('getMemberProfile');
    signIn();
    const { user } = renderApp('/change_member');
    await user.click(within(await notice()).getByRole('button', { name: '關閉' }));
    await user.click(screen.getByRole('button', { name: '再試一次' }));
    expect(await notice()).toHaveTextContent('網路連線不穩定，請確認連線後再試一次');

    await user.click(within(await notice()).getByRole('button', { name: '關閉' }));
    await user.click(screen.getByRole('button', { name: '再試一次' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('載入中...'));
    release();
    expect(await screen.findByLabelText('姓名')).toHaveValue(PROFILE.name);
  });

  it('shows the system message when the call fails, and goes to /login when the message is closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(http.post(urlOf('getMemberProfile'), () => new HttpResponse('bad gateway', { status: 502 })));
    // The session is alive, so /login asks where the member belongs; that fetch fails and /login stays.
    const redirects = answerRedirectLocation(urlOf('redirectLocation'), () => new HttpResponse(null, { status: 502 }));
    signIn();
    const { router } = renderApp('/change_member');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(await notice()).toHaveTextContent('系統忙碌中，請稍後再試');
    await user.click(screen.getByRole('button', { name: '關閉' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(redirects).toHaveLength(1));
    expect(localStorage.getItem('memberAuth')).not.toBeNull();
  });
});
