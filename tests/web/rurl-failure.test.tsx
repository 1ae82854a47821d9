import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, answerRedirectLocation, reply, setAesKeyCookie, urlOf } from './support/api';
import { SHOP_ORIGIN } from './support/config';
import { stubLocationReplace } from './support/location';
import { signInAs } from './support/login';
import { renderApp } from './support/render-app';

const TOKEN = 'member-token-rurl';
const RURL = `${SHOP_ORIGIN}/api/after-login`;
const MEMBER_PAGE = `${SHOP_ORIGIN}/member/home`;
const notice = () => screen.findByRole('dialog', { name: '提示' });

async function logInWithSavedRurl() {
  setAesKeyCookie();
  localStorage.setItem('rurl', RURL);
  const replace = stubLocationReplace();
  answer('login', () => reply('C01', { member_access_token: TOKEN }));
  const view = renderApp('/login');
  await signInAs(view.user);
  return { ...view, replace };
}

describe('a saved rurl whose location call fails does not keep the member on /login', () => {
  it('when no answer comes: says so and goes to the member API’s location, keeping the rurl for the next time', async () => {
    const asked = answerRedirectLocation(RURL, () => HttpResponse.error());
    const defaults = answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    const { user, replace } = await logInWithSavedRurl();

    const dialog = await notice();
    expect(dialog).toHaveTextContent('無法前往原本要去的頁面。');
    expect(asked).toHaveLength(1);
    // A signal lost on the way says nothing of the partner's address: the next sign-in tries it again.
    expect(localStorage.getItem('rurl')).toBe(RURL);
    await user.click(within(dialog).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(MEMBER_PAGE));
    expect(defaults).toHaveLength(1);
  });

  it.each([
    ['it answers something that is not JSON', () => new HttpResponse('<html>oops</html>', { status: 200 })],
    ['it answers an HTTP error', () => new HttpResponse('bad gateway', { status: 502 })],
  ])('when %s: says so, forgets the rurl, and goes to the member API’s location', async (_, failure) => {
    const asked = answerRedirectLocation(RURL, failure);
    const defaults = answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    const { user, replace } = await logInWithSavedRurl();

    const dialog = await notice();
    expect(dialog).toHaveTextContent('無法前往原本要去的頁面。');
    expect(dialog).toHaveTextContent('按「確定」後將為您前往會員中心。');
    expect(asked).toHaveLength(1);
    expect(localStorage.getItem('rurl')).toBeNull();
    expect(replace).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(MEMBER_PAGE));
    expect(defaults[0]?.mmrmToken).toBe(TOKEN);
  });

  it('shows the RM of a rurl that answers another RC', async () => {
    answerRedirectLocation(RURL, () => reply('TOKEN_INVALID', undefined, '此連結已失效'));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    const { user, replace } = await logInWithSavedRurl();
    const dialog = await notice();
    expect(dialog).toHaveTextContent('此連結已失效');
    expect(localStorage.getItem('rurl')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(MEMBER_PAGE));
  });

  it('goes to the profile when the member API fails too', async () => {
    answerRedirectLocation(RURL, () => new HttpResponse('bad gateway', { status: 502 }));
    answerRedirectLocation(urlOf('redirectLocation'), () => new HttpResponse('bad gateway', { status: 502 }));
    const { user, replace } = await logInWithSavedRurl();
    await user.click(within(await notice()).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/change_member'));
  });

  it('without a rurl, a failing member API is said too, then the profile', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    answer('login', () => reply('C01', { member_access_token: TOKEN }));
    answerRedirectLocation(urlOf('redirectLocation'), () => new HttpResponse('bad gateway', { status: 502 }));
    const { user } = renderApp('/login');
    await signInAs(user);
    const dialog = await notice();
    expect(dialog).toHaveTextContent('無法前往原本要去的頁面。');
    await user.click(within(dialog).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/change_member'));
  });

  it('a second login in the same tab asks the member API straight away', async () => {
    const asked = answerRedirectLocation(RURL, () => new HttpResponse('bad gateway', { status: 502 }));
    const defaults = answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    const { user, replace, unmount } = await logInWithSavedRurl();
    await user.click(within(await notice()).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    unmount();
    localStorage.removeItem('memberAuth');
    const again = renderApp('/login');
    await signInAs(again.user);
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(2));
    expect(asked).toHaveLength(1);
    expect(defaults).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
