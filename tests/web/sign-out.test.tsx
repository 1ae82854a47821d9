import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '#protocol/runtime-config';
import { startSession } from '../../src/lib/session';
import { answer, reply, urlOf } from './support/api';
import { TEST_CONFIG } from './support/config';
import { fakeLine, resetFakeLine } from './support/fake-liff';
import { answerCard } from './support/member-card';
import { answerProfile, MEMBER_TOKEN, PROFILE, signIn } from './support/profile';
import { renderApp } from './support/render-app';
import { server } from './support/server';

vi.mock('../../src/lib/liff-sdk', async () => (await import('./support/fake-liff')).fakeLiffModule);

const LIFF_CONFIG = { ...TEST_CONFIG, liffId: '1234567890-AbCdEfGh', demoMode: false };

beforeEach(resetFakeLine);
afterEach(resetFakeLine);

const signOutButton = () => screen.getByRole('button', { name: '登出' });

async function openProfile(config: RuntimeConfig = TEST_CONFIG) {
  answerProfile();
  const view = renderApp('/change_member', config);
  await screen.findByLabelText('姓名');
  return view;
}

/** What this device still holds of the member once signed out: nothing. */
function expectNothingKept() {
  expect(localStorage.getItem('memberAuth')).toBeNull();
  expect(localStorage.getItem('login_type')).toBeNull();
  expect(sessionStorage.getItem('member_access_token')).toBeNull();
  expect(sessionStorage.getItem('member_access_info')).toBeNull();
  expect(sessionStorage.getItem('line_access_token')).toBeNull();
  expect(localStorage.getItem('member_card')).toBeNull();
}

describe('/change_member: 登出', () => {
  it('forgets the member card kept for the till, so this browser shows no code once signed out', async () => {
    signIn();
    answerCard();
    answer('logout', () => reply('C01', {}));
    const card = renderApp('/member_card');
    await screen.findByRole('img', { name: /^會員條碼：/ });
    card.unmount();
    expect(localStorage.getItem('member_card')).not.toBeNull();
    const { user, router } = await openProfile();
    await user.click(signOutButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expectNothingKept();
  });

  it('forgets what this tab loaded of the member: whoever signs in next never sees their card, not even with no signal', async () => {
    signIn();
    answerCard();
    answer('logout', () => reply('C01', {}));
    answerProfile();
    const { user, router } = renderApp('/member_card');
    expect(await screen.findByText('王小明')).toBeInTheDocument();
    await router.navigate({ to: '/change_member' });
    await user.click(await screen.findByRole('button', { name: '登出' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    // The next person signs in (a registration or a LINE bind does it without reloading the page)
    // and opens the card where the network fails.
    startSession('token-of-the-next-person', 'Member');
    server.use(http.post(urlOf('getMemberCard'), () => HttpResponse.error()));
    await router.navigate({ to: '/member_card' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/member_card'));
    await waitFor(() => expect(screen.queryByText('載入中...')).not.toBeInTheDocument());
    expect(screen.queryByText('王小明')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^會員條碼：/ })).not.toBeInTheDocument();
  });

  it('links to the member card', async () => {
    signIn();
    await openProfile();
    expect(screen.getByRole('link', { name: '會員卡' })).toHaveAttribute('href', '/member_card');
  });

  it('signs the token out on the server, forgets the member here and goes to /login', async () => {
    signIn();
    let answerLogout: () => void = () => {};
    const logouts = answer('logout', () => new Promise((done) => (answerLogout = () => done(reply('C01', {})))));
    const { user, router } = await openProfile();
    expect(sessionStorage.getItem('member_access_info')).not.toBeNull();

    await user.click(signOutButton());

    await waitFor(() => expect(logouts).toHaveLength(1));
    expect(logouts[0]?.payload.token).toBe(MEMBER_TOKEN);
    expect(logouts[0]?.params).toEqual({});
    expect(screen.getByText('載入中...')).toBeInTheDocument();
    answerLogout();

    expect(await screen.findByRole('heading', { name: '會員登入' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: '登入' })).toBeInTheDocument();
    expectNothingKept();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fakeLine.logouts).toBe(0);
  });

  it.each([
    ['the token is already dead (TOKEN_INVALID)', () => HttpResponse.json(reply('TOKEN_INVALID'))],
    ['the server cannot be reached', () => HttpResponse.error()],
    ['the server fails', () => new HttpResponse('bad gateway', { status: 502 })],
  ])('lets the member leave all the same when %s', async (_, respond) => {
    signIn();
    server.use(http.post(urlOf('logout'), respond));
    const { user, router } = await openProfile();

    await user.click(signOutButton());

    expect(await screen.findByRole('heading', { name: '會員登入' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expectNothingKept();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves no way back into the profile', async () => {
    signIn();
    answer('logout', () => reply('C01', {}));
    const { user, router } = await openProfile();
    await user.click(signOutButton());
    await screen.findByRole('heading', { name: '會員登入' });

    await router.navigate({ to: '/change_member' });

    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: '會員登入' })).toBeInTheDocument();
  });

  it('inside LINE also signs a member who came in with LINE out of LINE (liff.logout)', async () => {
    startSession(MEMBER_TOKEN, 'Line');
    sessionStorage.setItem('line_access_token', fakeLine.accessToken);
    fakeLine.inClient = true;
    fakeLine.loggedIn = true;
    answer('logout', () => reply('C01', {}));
    const { user } = await openProfile(LIFF_CONFIG);

    await user.click(signOutButton());

    expect(await screen.findByRole('heading', { name: '會員登入' })).toBeInTheDocument();
    expect(fakeLine.logouts).toBe(1);
    expect(fakeLine.loggedIn).toBe(false);
    expectNothingKept();
    // Signed out, the LINE card starts a new LINE login instead of signing the member straight back in.
    expect(screen.getByRole('button', { name: /使用 LINE 帳號登入/ })).toBeInTheDocument();
  });

  it('leaves LINE alone for a member who signed in with the password', async () => {
    signIn();
    fakeLine.inClient = true;
    fakeLine.loggedIn = true;
    answer('logout', () => reply('C01', {}));
    const { user } = await openProfile(LIFF_CONFIG);

    await user.click(signOutButton());

    expect(await screen.findByRole('heading', { name: '會員登入' })).toBeInTheDocument();
    expect(fakeLine.logouts).toBe(0);
    expect(fakeLine.loggedIn).toBe(true);
  });
});

describe('/change_member and /change_pwd lead to each other', () => {
  it('the profile links to 修改密碼, and /change_pwd links back to the profile', async () => {
    signIn();
    const { user, router } = await openProfile();

    await user.click(screen.getByRole('link', { name: '修改密碼' }));
    expect(await screen.findByRole('heading', { name: '修改密碼' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change_pwd');

    await user.click(screen.getByRole('link', { name: '返回基本資料' }));
    expect(await screen.findByLabelText('姓名')).toHaveValue(PROFILE.name);
    expect(router.state.location.pathname).toBe('/change_member');
  });
});
