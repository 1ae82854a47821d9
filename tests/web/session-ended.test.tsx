import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type RC, RC_MESSAGES } from '#protocol/rc';
import { startSession } from '../../src/lib/session';
import { answer, reply, setAesKeyCookie, urlOf } from './support/api';
import { stubLocationReplace } from './support/location';
import { signInAs } from './support/login';
import { answerCard } from './support/member-card';
import { answerProfile, PROFILE, signIn } from './support/profile';
import { renderApp } from './support/render-app';
import { server } from './support/server';

// The server ends a member's sessions when the password is changed or reset elsewhere, and a
// token outlives its year only so long: a signed-in screen then gets TOKEN_INVALID. The member
// is told so, goes to sign in again, and comes back to the screen, with what they typed.

const notice = () => screen.findByRole('dialog', { name: '提示' });
const NEW_TOKEN = 'member-token-after-signing-in-again';

async function openProfile() {
  signIn();
  answerProfile();
  const view = renderApp('/change_member');
  await screen.findByLabelText('姓名');
  return view;
}

/** Edits the profile as a member would: a new name, email and birthday. */
async function editProfile(user: ReturnType<typeof renderApp>['user']) {
  await user.clear(screen.getByLabelText('姓名'));
  await user.type(screen.getByLabelText('姓名'), '王大明');
  await user.click(screen.getByRole('radio', { name: '女' }));
  await user.clear(screen.getByLabelText('電子信箱（選填）'));
  await user.type(screen.getByLabelText('電子信箱（選填）'), 'daming@example.com');
  fireEvent.change(screen.getByLabelText('生日（選填）'), { target: { value: '1990-05-20' } });
}

/** The profile edited and saved after the server ended the session; the member confirms and is on /login. */
async function saveIntoAnEndedSession() {
  answer('updateMemberProfile', () => reply('TOKEN_INVALID'));
  const view = await openProfile();
  await editProfile(view.user);
  await view.user.click(screen.getByRole('button', { name: '儲存' }));
  await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '確定' }));
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  view.unmount();
}

/** A new mobile and the password sent from /change_member_mobile, the server answering `rc`. */
async function askForANewMobileAnswered(rc: RC) {
  answer('updateMemberMobile', () => reply(rc));
  signIn();
  sessionStorage.setItem('member_access_info', JSON.stringify(PROFILE));
  const view = renderApp('/change_member_mobile');
  await view.user.type(await screen.findByLabelText('新手機號碼'), '0987654321');
  await view.user.type(screen.getByLabelText('密碼', { exact: true }), 'abc12345');
  await view.user.click(screen.getByRole('button', { name: '發送驗證碼' }));
  return view;
}

/** A new mobile asked for, then its code entered into a session the server has ended; the member is on /login. */
async function verifyIntoAnEndedSession() {
  const view = await askForANewMobileAnswered('C01');
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/verify_member_mobile'));
  answer('memberVerify', () => reply('TOKEN_INVALID'));
  await view.user.type(await screen.findByLabelText('驗證碼'), '654321');
  await view.user.click(screen.getByRole('button', { name: '驗證' }));
  await view.user.click(within(await notice()).getByRole('button', { name: '關閉' }));
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  view.unmount();
}

describe('a session the server has ended, met on a signed-in screen', () => {
  it('profile save: says so, ends the session here, and after 確定 goes to /login to come back to the profile', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    answer('updateMemberProfile', () => reply('TOKEN_INVALID'));
    const { user, router } = await openProfile();
    await editProfile(user);
    await user.click(screen.getByRole('button', { name: '儲存' }));

    const told = await screen.findByRole('dialog');
    expect(told).toHaveTextContent(RC_MESSAGES.TOKEN_INVALID);
    expect(localStorage.getItem('memberAuth')).toBeNull();
    await user.click(within(told).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    answer('login', () => reply('C01', { member_access_token: NEW_TOKEN }));
    await signInAs(user, PROFILE.mobile);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/change_member'));
  });

  it('then, back on the profile, finds the edits it had not saved, and saves them', async () => {
    await saveIntoAnEndedSession();

    const again = await openProfile();
    expect(screen.getByText('已帶回您上次尚未儲存的修改，確認後請按「儲存」。')).toBeInTheDocument();
    expect(screen.getByLabelText('姓名')).toHaveValue('王大明');
    expect(screen.getByRole('radio', { name: '女' })).toBeChecked();
    expect(screen.getByLabelText('電子信箱（選填）')).toHaveValue('daming@example.com');
    expect(screen.getByLabelText('生日（選填）')).toHaveValue('1990-05-20');

    const saved = answer('updateMemberProfile', () => reply('C01', {}));
    await again.user.click(screen.getByRole('button', { name: '儲存' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('修改成功');
    expect(saved[0]?.params).toEqual({
      member_profile: { name: '王大明', gender: 'F', email: 'daming@example.com', birthday: '1990/05/20' },
    });
  });

  it('gives the kept edits only to the member who made them', async () => {
    await saveIntoAnEndedSession();

    signIn();
    answerProfile({ mobile: '0922333444', name: '陳另一位' });
    renderApp('/change_member');
    expect(await screen.findByLabelText('姓名')).toHaveValue('陳另一位');
    expect(screen.queryByText(/尚未儲存的修改/)).not.toBeInTheDocument();
    expect(sessionStorage.getItem('profile_draft')).toBeNull();
  });

  it('is forgotten with the rest when the member signs out', async () => {
    answer('updateMemberProfile', () => reply('TOKEN_INVALID'));
    const first = await openProfile();
    await editProfile(first.user);
    await first.user.click(screen.getByRole('button', { name: '儲存' }));
    await screen.findByRole('dialog');
    expect(sessionStorage.getItem('profile_draft')).not.toBeNull();
    first.unmount();

    signIn();
    answerProfile();
    answer('logout', () => reply('C01', {}));
    const again = renderApp('/change_member');
    await screen.findByLabelText('姓名');
    await again.user.click(screen.getByRole('button', { name: '登出' }));
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('profile_draft')).toBeNull();
  });

  it('changing the mobile: says so, and closing the notice goes to /login', async () => {
    const { user, router } = await askForANewMobileAnswered('TOKEN_INVALID');
    const told = await notice();
    expect(told).toHaveTextContent(RC_MESSAGES.TOKEN_INVALID);
    expect(localStorage.getItem('memberAuth')).toBeNull();
    await user.click(within(told).getByRole('button', { name: '關閉' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(JSON.parse(sessionStorage.getItem('return_path') ?? '{}').path).toBe('/change_member_mobile');
  });

  it('verifying the mobile: says so, and closing the notice goes to /login', async () => {
    answer('verifyVerificationCode', () => reply('TOKEN_INVALID'));
    signIn();
    answerProfile({ is_verified: false });
    sessionStorage.setItem('code_sent_at_verify_mobile', JSON.stringify(Date.now() - 120_000));
    const { user, router } = renderApp('/verify_mobile');
    await user.type(await screen.findByLabelText('驗證碼'), '654321');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    const told = await notice();
    expect(told).toHaveTextContent(RC_MESSAGES.TOKEN_INVALID);
    await user.click(within(told).getByRole('button', { name: '關閉' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(JSON.parse(sessionStorage.getItem('return_path') ?? '{}').path).toBe('/verify_mobile');
  });

  it('verifying the new mobile: the member who asked for it finds it again after signing in', async () => {
    await verifyIntoAnEndedSession();

    signIn();
    const profiles = answerProfile();
    renderApp('/verify_member_mobile');
    expect(await screen.findByText(/驗證碼已發送至 0987-654-321/)).toBeInTheDocument();
    expect(profiles).toHaveLength(1);
  });

  it('verifying the new mobile: another member signing in on the tab is not shown it, and it goes', async () => {
    await verifyIntoAnEndedSession();

    signIn();
    answerProfile({ mobile: '0922333444', name: '陳另一位' });
    renderApp('/verify_member_mobile');
    expect(await screen.findByText('找不到要驗證的手機號碼')).toBeInTheDocument();
    expect(screen.queryByText(/0987/)).not.toBeInTheDocument();
    expect(sessionStorage.getItem('member_change_mobile')).toBeNull();
  });

  it('verifying the new mobile: one asked for while the profile could not be had is not kept past the session', async () => {
    answer('getMemberProfile', () => reply('SYSTEM_ERROR'));
    answer('updateMemberMobile', () => reply('C01', {}));
    signIn();
    const { user, router } = renderApp('/change_member_mobile');
    await user.type(await screen.findByLabelText('新手機號碼'), '0987654321');
    await user.type(screen.getByLabelText('密碼', { exact: true }), 'abc12345');
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    // Under the session it was asked in, it is the member's own.
    expect(await screen.findByText(/驗證碼已發送至 0987-654-321/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify_member_mobile');

    answer('memberVerify', () => reply('TOKEN_INVALID'));
    await user.type(screen.getByLabelText('驗證碼'), '654321');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    await screen.findByRole('dialog', { name: '提示' });
    expect(sessionStorage.getItem('member_change_mobile')).toBeNull();
  });

  it('the member card shown before the session ended is not shown to whoever signs in next, not even with no signal', async () => {
    signIn();
    answerCard();
    answerProfile();
    answer('updateMemberProfile', () => reply('TOKEN_INVALID'));
    const { user, router } = renderApp('/member_card');
    expect(await screen.findByRole('img', { name: /^會員條碼：/ })).toBeInTheDocument();
    await router.navigate({ to: '/change_member' });
    await screen.findByLabelText('姓名');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    // Someone else signs in without the page reloading (a registration, a LINE bind), and opens
    // the card where the network fails.
    startSession('token-of-the-next-person', 'Member');
    server.use(http.post(urlOf('getMemberCard'), () => HttpResponse.error()));
    await router.navigate({ to: '/member_card' });
    await waitFor(() => expect(screen.queryByText('載入中...')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/member_card');
    expect(screen.queryByRole('img', { name: /^會員條碼：/ })).not.toBeInTheDocument();
    expect(screen.queryByText(PROFILE.name)).not.toBeInTheDocument();
  });

  it('any other refusal leaves the member signed in, on the screen', async () => {
    const { user, router } = await askForANewMobileAnswered('PASSWORD_INCORRECT');
    await user.click(within(await notice()).getByRole('button', { name: '關閉' }));
    expect(router.state.location.pathname).toBe('/change_member_mobile');
    expect(localStorage.getItem('memberAuth')).not.toBeNull();
  });
});
