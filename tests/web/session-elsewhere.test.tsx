import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol/rc';
import { endSession, startSession } from '../../src/lib/session';
import { answer, heldAnswer, reply, setAesKeyCookie } from './support/api';
import { stubLocationReplace } from './support/location';
import { signInAs } from './support/login';
import { inAnotherTab, settled, signInThere } from './support/other-tab';
import { MEMBER_TOKEN, PROFILE, signIn } from './support/profile';
import { answerTerms } from './support/register';
import { renderApp } from './support/render-app';

// Two tabs of one browser: this one, and another whose changes reach it by `inAnotherTab`.
const OTHER_TOKEN = 'member-token-other-tab';
const OTHER_PROFILE = { ...PROFILE, name: '陳美玲', mobile: '0987654321', email: 'meiling@example.com' };

/** get_member_profile answering the profile of whichever member's token the call carries, as the server would. */
function answerProfilesByToken() {
  return answer('getMemberProfile', ({ payload }) => {
    if (payload.token === OTHER_TOKEN) return reply('C01', { member_profile: OTHER_PROFILE });
    if (payload.token === MEMBER_TOKEN) return reply('C01', { member_profile: PROFILE });
    return reply('TOKEN_INVALID');
  });
}

/** What signing out does to the shared storage (`forgetMember`): the session goes, and the login type with it. */
const signOut = () => {
  localStorage.removeItem('memberAuth');
  localStorage.removeItem('login_type');
};

const nameField = () => screen.getByLabelText('姓名');
const SIGNED_OUT_THERE = '您已在其他視窗或分頁登出，請重新登入。';
const SIGNED_IN_THERE = '您已在其他視窗或分頁重新登入，本頁已改為顯示目前登入的帳號。';

describe('the session changed in another tab', () => {
  it("shows the member signed in there, and drops the first member's typed edits, so a save never writes them into the other account", async () => {
    signIn();
    answerProfilesByToken();
    const { user } = renderApp('/change_member');
    await waitFor(() => expect(nameField()).toHaveValue(PROFILE.name));
    await user.clear(nameField());
    await user.type(nameField(), '王大明');

    await inAnotherTab(() => startSession(OTHER_TOKEN, 'Member'));

    await waitFor(() => expect(nameField()).toHaveValue(OTHER_PROFILE.name));
    const told = await screen.findByRole('dialog', { name: '提示' });
    expect(told).toHaveTextContent(SIGNED_IN_THERE);
    await user.click(within(told).getByRole('button', { name: '關閉' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '變更手機號碼（目前為 0987-654-321）' })).toBeInTheDocument();
    expect(sessionStorage.getItem('member_access_info')).toContain(OTHER_PROFILE.mobile);
    const saves = answer('updateMemberProfile', () => reply('C01', {}));
    await user.click(screen.getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.payload.token).toBe(OTHER_TOKEN);
    expect(saves[0]?.params).toMatchObject({ member_profile: { name: OTHER_PROFILE.name } });
  });

  it('goes to /login when the member signed out there, says why, and forgets the profile this tab kept', async () => {
    signIn();
    const loads = answerProfilesByToken();
    const { router } = renderApp('/change_member');
    await waitFor(() => expect(nameField()).toHaveValue(PROFILE.name));

    await inAnotherTab(signOut);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: '會員登入' })).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent(SIGNED_OUT_THERE);
    expect(sessionStorage.getItem('member_access_info')).toBeNull();
    expect(loads.map((call) => call.payload.token)).toEqual([MEMBER_TOKEN]);
  });

  it('says the sign-in has ended, not that the member signed out, when the server refused it there', async () => {
    signIn();
    answerProfilesByToken();
    const { router } = renderApp('/change_member');
    await waitFor(() => expect(nameField()).toHaveValue(PROFILE.name));

    await inAnotherTab(() => endSession());

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('登入已失效，請重新登入');
    expect(screen.queryByText(SIGNED_OUT_THERE)).not.toBeInTheDocument();
  });

  it('brings the member back to the screen this tab was on once they sign in here again', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    signIn();
    answerProfilesByToken();
    const { user, router } = renderApp('/change_member_mobile');
    expect(await screen.findByLabelText('新手機號碼')).toBeInTheDocument();

    await inAnotherTab(signOut);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.click(within(await screen.findByRole('dialog', { name: '提示' })).getByRole('button', { name: '關閉' }));

    answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    await signInAs(user, PROFILE.mobile);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/change_member_mobile'));
  });

  it('forgets a page kept to come back to before the change: the screen this tab was on is the one', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    signIn();
    answerProfilesByToken();
    sessionStorage.setItem('return_path', JSON.stringify({ path: '/member_card', until: Date.now() + 60_000 }));
    const { user, router } = renderApp('/change_member');
    await waitFor(() => expect(nameField()).toHaveValue(PROFILE.name));

    await inAnotherTab(signOut);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.click(within(await screen.findByRole('dialog', { name: '提示' })).getByRole('button', { name: '關閉' }));

    answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    await signInAs(user, PROFILE.mobile);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/change_member'));
  });

  it('leaves a signed-out tab as it is: what is typed in registration stays', async () => {
    answerTerms();
    const { user, router } = renderApp('/registerFirst');
    const name = await screen.findByLabelText('姓名');
    await user.type(name, '林美華');

    await inAnotherTab(() => startSession(MEMBER_TOKEN, 'Member'));
    await settled(router);

    expect(router.state.location.pathname).toBe('/registerFirst');
    expect(screen.getByLabelText('姓名')).toHaveValue('林美華');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves a tab that never signed in as it is when another tab signs in and then out', async () => {
    answerTerms();
    const { user, router } = renderApp('/registerFirst');
    const name = await screen.findByLabelText('姓名');
    await user.type(name, '林美華');

    await inAnotherTab(() => startSession(MEMBER_TOKEN, 'Member'));
    await inAnotherTab(signOut);
    await settled(router);

    expect(router.state.location.pathname).toBe('/registerFirst');
    expect(screen.getByLabelText('姓名')).toHaveValue('林美華');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ignores other keys and the same session written again', async () => {
    signIn();
    const loads = answerProfilesByToken();
    const { user, router } = renderApp('/change_member');
    await waitFor(() => expect(nameField()).toHaveValue(PROFILE.name));
    await user.type(nameField(), '先生');

    await inAnotherTab(() => localStorage.setItem('rurl', 'https://shop.example.com/'), 'rurl');
    await inAnotherTab(() => localStorage.setItem('memberAuth', localStorage.getItem('memberAuth') ?? ''));
    await settled(router);

    expect(nameField()).toHaveValue(`${PROFILE.name}先生`);
    expect(loads).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

const saveButton = () => screen.getByRole('button', { name: '儲存' });

/** The profile with a new name typed in, saved: the server answers as `save` says. */
async function saveANewName(user: ReturnType<typeof renderApp>['user']): Promise<void> {
  await waitFor(() => expect(nameField()).toHaveValue(PROFILE.name));
  await user.clear(nameField());
  await user.type(nameField(), '王大明');
  await user.click(saveButton());
}

describe('a tab whose own call met the end of the session', () => {
  it("follows a sign-in in another tab, and never saves the first member's details into the other account", async () => {
    signIn();
    answerProfilesByToken();
    const saves = answer('updateMemberProfile', ({ payload }) =>
      payload.token === MEMBER_TOKEN ? reply('TOKEN_INVALID') : reply('C01', {}),
    );
    const { user } = renderApp('/change_member');
    await saveANewName(user);
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent(RC_MESSAGES.TOKEN_INVALID);

    // The notice still open here, another tab signs someone else in on this browser.
    await inAnotherTab(() => signInThere(OTHER_TOKEN));

    await waitFor(() => expect(nameField()).toHaveValue(OTHER_PROFILE.name));
    const told = await screen.findByRole('dialog', { name: '提示' });
    expect(told).toHaveTextContent(SIGNED_IN_THERE);
    await user.click(within(told).getByRole('button', { name: '關閉' }));
    await user.click(saveButton());
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]?.payload.token).toBe(OTHER_TOKEN);
    expect(saves[1]?.params).toMatchObject({ member_profile: { name: OTHER_PROFILE.name } });
  });

  it('goes to /login once the member has read it, even when it never heard of the sign-in in another tab', async () => {
    signIn();
    answerProfilesByToken();
    const saves = answer('updateMemberProfile', ({ payload }) =>
      payload.token === MEMBER_TOKEN ? reply('TOKEN_INVALID') : reply('C01', {}),
    );
    const { user, router } = renderApp('/change_member');
    await saveANewName(user);
    const told = await screen.findByRole('dialog', { name: '提示' });

    // No storage event reaches this tab (as a page the browser froze meanwhile).
    signInThere(OTHER_TOKEN);
    await user.click(within(told).getByRole('button', { name: '確定' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(saves.map((save) => save.payload.token)).toEqual([MEMBER_TOKEN]);
  });

  it("lets a save's late answer write nothing into the profile of the member signed in meanwhile in another tab", async () => {
    signIn();
    answerProfilesByToken();
    const { held, release } = heldAnswer();
    let answered = false;
    const saves = answer('updateMemberProfile', async () => {
      await held;
      answered = true;
      return reply('C01', {});
    });
    const { user, router } = renderApp('/change_member');
    await saveANewName(user);
    await waitFor(() => expect(saves).toHaveLength(1));

    await inAnotherTab(() => signInThere(OTHER_TOKEN));
    await waitFor(() => expect(nameField()).toHaveValue(OTHER_PROFILE.name));
    release();
    await waitFor(() => expect(answered).toBe(true));
    // The answer's way back through the client, then the screen's turn.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await settled(router);

    expect(nameField()).toHaveValue(OTHER_PROFILE.name);
    expect(JSON.parse(sessionStorage.getItem('member_access_info') ?? '{}').name).toBe(OTHER_PROFILE.name);
  });
});

describe('a change whose answer was lost, then another tab signed in someone else', () => {
  it("checks the next member's wrong old password once: the lost answer was the last member's", async () => {
    signIn();
    sessionStorage.setItem('answers_lost', JSON.stringify(['updateMemberPassword']));
    const changes = answer('updateMemberPassword', () => reply('PASSWORD_INCORRECT'));
    const { user } = renderApp('/change_pwd');
    await screen.findByLabelText('舊密碼');

    await inAnotherTab(() => signInThere(OTHER_TOKEN));
    await user.click(within(await screen.findByRole('dialog', { name: '提示' })).getByRole('button', { name: '關閉' }));
    await user.type(await screen.findByLabelText('舊密碼'), 'abc12345');
    await user.type(screen.getByLabelText('新密碼'), 'fresh2025');
    await user.type(screen.getByLabelText('確認新密碼'), 'fresh2025');
    await user.click(screen.getByRole('button', { name: '確定' }));

    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent(RC_MESSAGES.PASSWORD_INCORRECT);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.payload.token).toBe(OTHER_TOKEN);
  });
});

// A page the browser keeps in its back-forward cache (the member followed a link away, then came
// Back) is frozen while kept: the storage events of that time never reach it.
async function backFromTheCache(): Promise<void> {
  await act(async () => {
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  });
}

describe('a page the browser kept while the member was away', () => {
  it('comes back under the session now kept, as if it had heard of the change: never showing the first member to the next', async () => {
    signIn();
    answerProfilesByToken();
    renderApp('/change_member');
    await waitFor(() => expect(nameField()).toHaveValue(PROFILE.name));

    startSession(OTHER_TOKEN, 'Member');
    await backFromTheCache();

    await waitFor(() => expect(nameField()).toHaveValue(OTHER_PROFILE.name));
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent(SIGNED_IN_THERE);
  });

  it('signed out meanwhile, it goes to /login and says so', async () => {
    signIn();
    answerProfilesByToken();
    const { router } = renderApp('/change_member');
    await waitFor(() => expect(nameField()).toHaveValue(PROFILE.name));

    signOut();
    await backFromTheCache();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent(SIGNED_OUT_THERE);
  });

  it('with the session as it left it, nothing changes', async () => {
    signIn();
    answerProfilesByToken();
    const { router, user } = renderApp('/change_member');
    await waitFor(() => expect(nameField()).toHaveValue(PROFILE.name));
    await user.clear(nameField());
    await user.type(nameField(), '王大明');

    await backFromTheCache();
    await settled(router);

    expect(nameField()).toHaveValue('王大明');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
