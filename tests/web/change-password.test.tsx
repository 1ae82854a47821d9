import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { type RC, RC_MESSAGES } from '#protocol/rc';
import { startSession } from '../../src/lib/session';
import { storage } from '../../src/lib/storage';
import { answer, answerRedirectLocation, decrypted, reply, setAesKeyCookie, urlOf } from './support/api';
import { SHOP_ORIGIN } from './support/config';
import { errorsOf } from './support/fields';
import { stubLocationReplace } from './support/location';
import { KEPT_CARD } from './support/member-card';
import { PROFILE } from './support/profile';
import { renderApp } from './support/render-app';
import { closeNetworkNotice, loseNextAnswer } from './support/weak-signal';

const MEMBER_TOKEN = 'member-token-1';
const YEAR_AND_A_DAY_MS = 366 * 24 * 60 * 60 * 1000;
const oldPassword = () => screen.getByLabelText('舊密碼');
const newPassword = () => screen.getByLabelText('新密碼');
const confirmation = () => screen.getByLabelText('確認新密碼');
const okButton = () => screen.getByRole('button', { name: '確定' });
const notice = () => screen.findByRole('dialog', { name: '提示' });

async function openChange(url = '/change_pwd', { profileLoaded = false } = {}) {
  startSession(MEMBER_TOKEN, 'Member');
  // The profile as this tab loaded it once signed in (the profile screen keeps it).
  if (profileLoaded) storage.memberAccessInfo.set(PROFILE);
  const view = renderApp(url);
  await screen.findByLabelText('舊密碼');
  return view;
}

async function fill(user: ReturnType<typeof renderApp>['user'], old: string, password: string, confirm = password) {
  if (old) await user.type(oldPassword(), old);
  if (password) await user.type(newPassword(), password);
  if (confirm) await user.type(confirmation(), confirm);
}

/** A change the server refuses with `rc`: its notice, read. */
async function refusedWith(rc: RC) {
  answer('updateMemberPassword', () => reply(rc));
  const view = await openChange();
  await fill(view.user, 'abc12345', 'fresh2025');
  await view.user.click(okButton());
  const dialog = await notice();
  expect(dialog).toHaveTextContent(RC_MESSAGES[rc]);
  return { ...view, dialog };
}

describe('the guard of /change_pwd', () => {
  it('sends a visitor without a session to /login', async () => {
    const { router } = renderApp('/change_pwd');
    expect(await screen.findByRole('button', { name: '登入' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('clears an expired session and sends the visitor to /login', async () => {
    startSession('expired-token', 'Member', new Date(Date.now() - YEAR_AND_A_DAY_MS));
    const { router } = renderApp('/change_pwd');
    expect(await screen.findByRole('button', { name: '登入' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('memberAuth')).toBeNull();
  });

  it('lets a member in: old password, new password and its confirmation, and an OK button', async () => {
    const { router } = await openChange();
    expect(router.state.location.pathname).toBe('/change_pwd');
    expect(screen.getByRole('heading', { name: '修改密碼' })).toBeInTheDocument();
    expect(oldPassword()).toHaveAttribute('autocomplete', 'current-password');
    for (const input of [oldPassword(), newPassword(), confirmation()])
      expect(input).toHaveAttribute('type', 'password');
    expect(newPassword()).toHaveAccessibleDescription('請設定 6-12 位、含英文字母與數字的密碼');
    expect(okButton()).toHaveAttribute('type', 'submit');
  });
});

describe('changing the password', () => {
  it('sends both passwords encrypted with the member token, says 修改成功, then goes to the redirect location', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    const changes = answer('updateMemberPassword', () => reply('C01', {}));
    const redirects = answerRedirectLocation(urlOf('redirectLocation'), () =>
      reply('C01', { location: '/change_member' }),
    );
    const { user } = await openChange();
    await fill(user, '19801201', 'fresh2025');
    await user.click(okButton());
    const done = await notice();
    expect(done).toHaveTextContent('修改成功');
    expect(changes[0]?.payload.token).toBe(MEMBER_TOKEN);
    expect(decrypted(changes[0]?.params.old_password)).toBe('19801201');
    expect(decrypted(changes[0]?.params.new_password)).toBe('fresh2025');
    expect(redirects).toHaveLength(0);
    expect(oldPassword()).toHaveValue('');
    await user.click(within(done).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/change_member'));
    expect(redirects[0]?.xToken).toBe(MEMBER_TOKEN);
    expect(redirects[0]?.mmrmToken).toBe(MEMBER_TOKEN);
    expect(screen.getByText('載入中...')).toBeVisible();
    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(MEMBER_TOKEN);
  });

  it('forgets the member card kept in this browser: the new password replaced its secret, and its codes would be refused', async () => {
    answer('updateMemberPassword', () => reply('C01', {}));
    const { user } = await openChange();
    storage.memberCard.set(KEPT_CARD);
    await fill(user, '19801201', 'fresh2025');
    await user.click(okButton());
    expect(await notice()).toHaveTextContent('修改成功');
    expect(storage.memberCard.get()).toBeNull();
  });

  it('keeps the member card when the change is refused', async () => {
    answer('updateMemberPassword', () => reply('PASSWORD_INCORRECT'));
    const { user } = await openChange();
    storage.memberCard.set(KEPT_CARD);
    await fill(user, 'wrong123', 'fresh2025');
    await user.click(okButton());
    await notice();
    expect(storage.memberCard.get()).toEqual(KEPT_CARD);
  });

  it('keeps rurl and asks it for the location after the change', async () => {
    const rurl = `${SHOP_ORIGIN}/member/after-password`;
    const replace = stubLocationReplace();
    answer('updateMemberPassword', () => reply('C01', {}));
    const asked = answerRedirectLocation(rurl, () => reply('C01', { location: `${SHOP_ORIGIN}/member/home` }));
    const { user } = await openChange(`/change_pwd?rurl=${encodeURIComponent(rurl)}`);
    expect(localStorage.getItem('rurl')).toBe(rurl);
    await fill(user, 'abc12345', 'fresh2025');
    await user.click(okButton());
    await user.click(within(await notice()).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(`${SHOP_ORIGIN}/member/home`));
    expect(asked[0]?.mmrmToken).toBe(MEMBER_TOKEN);
  });

  it('only stops the loading indicator when the redirect fetch fails', async () => {
    const replace = stubLocationReplace();
    answer('updateMemberPassword', () => reply('C01', {}));
    const redirects = answerRedirectLocation(
      urlOf('redirectLocation'),
      () => new HttpResponse('bad gateway', { status: 502 }),
    );
    const { user, router } = await openChange();
    await fill(user, 'abc12345', 'fresh2025');
    await user.click(okButton());
    await user.click(within(await notice()).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(redirects).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('載入中...')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/change_pwd');
  });

  it.each(['PASSWORD_INCORRECT', 'ACCOUNT_LOCKED', 'PASSWORD_SAME_AS_OLD'] as const)(
    'shows the RM of %s and keeps the member here',
    async (rc) => {
      const { user, router, dialog } = await refusedWith(rc);
      await user.click(within(dialog).getByRole('button', { name: '關閉' }));
      expect(router.state.location.pathname).toBe('/change_pwd');
      expect(oldPassword()).toHaveValue('abc12345');
      expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(MEMBER_TOKEN);
    },
  );

  it('on TOKEN_INVALID shows the RM, ends the session, and goes to /login when closed', async () => {
    answer('updateMemberPassword', () => reply('TOKEN_INVALID'));
    const { user, router } = await openChange();
    await fill(user, 'abc12345', 'fresh2025');
    await user.click(okButton());
    const dialog = await notice();
    expect(dialog).toHaveTextContent('登入已失效，請重新登入');
    expect(localStorage.getItem('memberAuth')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: '登入' })).toBeInTheDocument();
    // Signing in again goes on as any sign-in does: the password was most likely changed elsewhere.
    expect(sessionStorage.getItem('return_path')).toBeNull();
  });
});

describe('a change whose answer was lost on a weak signal', () => {
  // The server may have made the change: trying again then finds the old password wrong, and a
  // member who kept trying would lock the account after five.
  async function changeLosingTheFirstAnswer(afterwards: RC[]) {
    const changes = answer('updateMemberPassword', () => reply(afterwards[changes.length - 1] ?? 'C01', {}));
    loseNextAnswer('updateMemberPassword');
    const view = await openChange();
    await fill(view.user, 'abc12345', 'fresh2025');
    await view.user.click(okButton());
    await closeNetworkNotice(view.user);
    await view.user.click(okButton());
    return { ...view, changes };
  }

  it('is found made when the new password is already the member’s, and says 修改成功', async () => {
    const { changes } = await changeLosingTheFirstAnswer(['PASSWORD_INCORRECT', 'PASSWORD_SAME_AS_OLD']);
    expect(await notice()).toHaveTextContent('修改成功');
    expect(changes).toHaveLength(2);
    // The question asked: is the new password the current one? Old and new both the new one.
    expect(decrypted(changes[1]?.params.old_password)).toBe('fresh2025');
    expect(decrypted(changes[1]?.params.new_password)).toBe('fresh2025');
    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(MEMBER_TOKEN);
  });

  it('still says the old password is wrong when the new one is not the member’s either', async () => {
    const { changes } = await changeLosingTheFirstAnswer(['PASSWORD_INCORRECT', 'PASSWORD_INCORRECT']);
    expect(await notice()).toHaveTextContent(RC_MESSAGES.PASSWORD_INCORRECT);
    expect(changes).toHaveLength(2);
    expect(oldPassword()).toHaveValue('abc12345');
  });

  it('asks nothing more when the retry answers anything else', async () => {
    const { changes } = await changeLosingTheFirstAnswer(['C01']);
    expect(await notice()).toHaveTextContent('修改成功');
    expect(changes).toHaveLength(1);
  });

  /** A change whose answer is lost, its notice closed, and the screen left (the page unloaded). */
  async function changeLosingTheAnswerThenLeave() {
    loseNextAnswer('updateMemberPassword');
    const first = await openChange();
    await fill(first.user, 'abc12345', 'fresh2025');
    await first.user.click(okButton());
    await closeNetworkNotice(first.user);
    first.unmount();
  }

  it('is still found made after a reload, the lost answer kept in the tab', async () => {
    const changes = answer('updateMemberPassword', () =>
      reply(changes.length === 1 ? 'PASSWORD_INCORRECT' : 'PASSWORD_SAME_AS_OLD', {}),
    );
    await changeLosingTheAnswerThenLeave();

    // The same tab and session, the page loaded afresh.
    const { user } = renderApp('/change_pwd');
    await screen.findByLabelText('舊密碼');
    await fill(user, 'abc12345', 'fresh2025');
    await user.click(okButton());
    expect(await notice()).toHaveTextContent('修改成功');
    expect(changes).toHaveLength(2);
    expect(decrypted(changes[1]?.params.old_password)).toBe('fresh2025');
  });

  it('asks nothing more once signed out and in again: the lost answer was another session’s', async () => {
    const changes = answer('updateMemberPassword', () => reply('PASSWORD_INCORRECT'));
    await changeLosingTheAnswerThenLeave();

    const { user } = await openChange();
    await fill(user, 'abc12345', 'fresh2025');
    await user.click(okButton());
    expect(await notice()).toHaveTextContent(RC_MESSAGES.PASSWORD_INCORRECT);
    expect(changes).toHaveLength(1);
  });

  it('asks nothing more for a wrong old password when no answer was lost before', async () => {
    const changes = answer('updateMemberPassword', () => reply('PASSWORD_INCORRECT'));
    const { user } = await openChange();
    await fill(user, 'abc12345', 'fresh2025');
    for (const _ of [1, 2]) {
      await user.click(okButton());
      const dialog = await notice();
      expect(dialog).toHaveTextContent(RC_MESSAGES.PASSWORD_INCORRECT);
      await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    }
    expect(changes).toHaveLength(2);
  });
});

describe('a member who does not know the current password', () => {
  it('finds 忘記目前的密碼？ under it, and the recovery starts with their mobile', async () => {
    const { user, router } = await openChange('/change_pwd', { profileLoaded: true });
    const link = screen.getByRole('link', { name: '忘記目前的密碼？' });
    expect(link).toHaveAttribute('href', '/forgotPassword');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgotPassword'));
    expect(await screen.findByLabelText('手機號碼')).toHaveValue(PROFILE.mobile);
  });

  it.each(['PASSWORD_INCORRECT', 'ACCOUNT_LOCKED'] as const)(
    'is offered the way to 忘記密碼 on %s (a reset lifts the lock too)',
    async (rc) => {
      const { user, router, dialog } = await refusedWith(rc);
      await user.click(within(dialog).getByRole('link', { name: '忘記密碼' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/forgotPassword'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it('is offered no such way for another refusal', async () => {
    const { dialog } = await refusedWith('PASSWORD_SAME_AS_OLD');
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('the change form checks before calling', () => {
  it.each([
    ['', '', '', ['請輸入舊密碼', '請輸入新密碼', '請再次輸入密碼']],
    ['abc!23', 'fresh2025', 'fresh2025', ['密碼須為 6 位以上英文字母或數字', '', '']],
    ['abc12345', '12345678', '12345678', ['', '密碼須為 6-12 位英文字母與數字組合', '']],
    ['abc12345', 'abc12345', 'abc12345', ['', '新密碼不可與舊密碼相同', '']],
    ['abc12345', 'fresh2025', 'fresh2026', ['', '', '兩次輸入的密碼不一致']],
  ])('old "%s", new "%s", confirmation "%s"', async (old, password, confirm, messages) => {
    const { user } = await openChange();
    await fill(user, old, password, confirm);
    await user.click(okButton());
    await waitFor(() => expect(errorsOf(oldPassword())).toBe(messages[0]));
    expect(errorsOf(newPassword())).toBe(messages[1]);
    expect(errorsOf(confirmation())).toBe(messages[2]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("takes a legacy member's 8-digit birthday as the old password", async () => {
    const changes = answer('updateMemberPassword', () => reply('C01', {}));
    const { user } = await openChange();
    await fill(user, '19801201', 'abcdefghijk12');
    await user.click(okButton());
    expect(await notice()).toHaveTextContent('修改成功');
    expect(decrypted(changes[0]?.params.new_password)).toBe('abcdefghijk12');
  });

  it('checks the confirmation again when the new password changes, and the new one when the old changes', async () => {
    const { user } = await openChange();
    await fill(user, 'abc12345', 'fresh2025');
    await user.tab();
    expect(errorsOf(confirmation())).toBe('');
    await user.type(newPassword(), '9');
    await waitFor(() => expect(errorsOf(confirmation())).toBe('兩次輸入的密碼不一致'));
    await user.clear(oldPassword());
    await user.type(oldPassword(), 'fresh20259');
    await waitFor(() => expect(errorsOf(newPassword())).toBe('新密碼不可與舊密碼相同'));
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
  });
});
