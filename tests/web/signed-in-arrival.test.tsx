import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../src/lib/session';
import { answerRedirectLocation, reply, setAesKeyCookie, urlOf } from './support/api';
import { SHOP_ORIGIN } from './support/config';
import { stubLocationReplace } from './support/location';
import { accountInput } from './support/login';
import { answerProfile, MEMBER_TOKEN, signIn } from './support/profile';
import { answerTerms } from './support/register';
import { renderApp } from './support/render-app';

const YEAR_AND_A_DAY_MS = 366 * 24 * 60 * 60 * 1000;
const CODE = 'ABCD2345';

/** The profile screen, loaded for the member who was sent there. */
async function expectProfile(router: ReturnType<typeof renderApp>['router']) {
  expect(await screen.findByLabelText('姓名')).toHaveValue('王小明');
  expect(screen.getByRole('heading', { level: 1, name: '基本資料' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/change_member');
}

describe('a signed-in member who opens a way in goes on instead of starting again', () => {
  it('/registerFirst: to the profile, keeping nothing of the link', async () => {
    signIn();
    answerProfile();
    const { router } = renderApp(`/registerFirst?referrer_code=${CODE}`);
    await expectProfile(router);
    expect(sessionStorage.getItem('register2')).toBeNull();
  });

  it('Back after completing registration (step 2 without a step 1 kept): to the profile', async () => {
    signIn();
    answerProfile();
    const { router } = renderApp('/registerSecond');
    await expectProfile(router);
  });

  it('/forgotPassword is open: a member may not know the current password that changing it asks for', async () => {
    signIn();
    const { router } = renderApp('/forgotPassword');
    expect(await screen.findByRole('heading', { level: 1, name: '忘記密碼' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgotPassword');
    // The way back is to where they came from, not to a login they do not need.
    expect(screen.getByRole('link', { name: '返回修改密碼' })).toHaveAttribute('href', '/change_pwd');
    expect(screen.queryByRole('link', { name: '返回登入' })).not.toBeInTheDocument();
  });

  it('/login: to the redirect location, as the spec says', async () => {
    setAesKeyCookie();
    startSession(MEMBER_TOKEN, 'Member');
    const replace = stubLocationReplace();
    const redirects = answerRedirectLocation(urlOf('redirectLocation'), () =>
      reply('C01', { location: `${SHOP_ORIGIN}/member/home` }),
    );
    renderApp('/login');
    await waitFor(() => expect(replace).toHaveBeenCalledWith(`${SHOP_ORIGIN}/member/home`));
    expect(redirects[0]?.mmrmToken).toBe(MEMBER_TOKEN);
  });
});

describe('/login with a session the server has ended (the password changed on another phone)', () => {
  const RURL = `${SHOP_ORIGIN}/api/after-login`;

  async function arriveWithEndedSession() {
    setAesKeyCookie();
    startSession(MEMBER_TOKEN, 'Member');
    const replace = stubLocationReplace();
    const view = renderApp('/login');
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    return { ...view, dialog, replace };
  }

  it('says the sign-in has ended and leaves the form, without going on', async () => {
    const asked = answerRedirectLocation(urlOf('redirectLocation'), () => reply('TOKEN_INVALID'));
    const { user, dialog, replace } = await arriveWithEndedSession();
    expect(dialog).toHaveAccessibleDescription('登入已失效，請重新登入');
    expect(localStorage.getItem('memberAuth')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(accountInput()).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
    expect(asked).toHaveLength(1);
  });

  it('keeps the shop’s saved rurl for the sign-in that follows: the address was not at fault', async () => {
    localStorage.setItem('rurl', RURL);
    const fromShop = answerRedirectLocation(RURL, () => reply('TOKEN_INVALID'));
    const fromMemberApi = answerRedirectLocation(urlOf('redirectLocation'), () => reply('TOKEN_INVALID'));
    const { dialog, replace } = await arriveWithEndedSession();
    expect(dialog).toHaveAccessibleDescription('登入已失效，請重新登入');
    expect(localStorage.getItem('rurl')).toBe(RURL);
    expect(localStorage.getItem('memberAuth')).toBeNull();
    expect([fromShop.length, fromMemberApi.length]).toEqual([1, 1]);
    expect(replace).not.toHaveBeenCalled();
  });
});

describe('a visitor still finds the ways in', () => {
  it.each([
    ['/registerFirst', '會員註冊：基本資料'],
    ['/forgotPassword', '忘記密碼'],
  ])('%s without a session', async (path, heading) => {
    answerTerms();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each([
    ['/registerFirst', '會員註冊：基本資料'],
    ['/forgotPassword', '忘記密碼'],
  ])('%s with an expired session, which is cleared', async (path, heading) => {
    startSession('expired-token', 'Member', new Date(Date.now() - YEAR_AND_A_DAY_MS));
    answerTerms();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(localStorage.getItem('memberAuth')).toBeNull();
  });
});
