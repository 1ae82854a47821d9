import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { RC_MESSAGES } from '#protocol/rc';
import { answer, answerRedirectLocation, decrypted, reply, setAesKeyCookie, urlOf } from './support/api';
import { SHOP_ORIGIN } from './support/config';
import { errorsOf } from './support/fields';
import { LINE_BIND as BIND, cameFromLine } from './support/line-bind';
import { stubLocationReplace } from './support/location';
import { answerTerms } from './support/register';
import { renderApp } from './support/render-app';
import { loseNextAnswer } from './support/weak-signal';

const MOBILE = '0912345678';
const PASSWORD = 'abc123';
const MEMBER_TOKEN = 'member-token-after-login';
const MEMBER_PAGE = `${SHOP_ORIGIN}/member/home`;

const mobileInput = () => screen.findByLabelText('手機號碼');
const nextButton = () => screen.getByRole('button', { name: '下一步' });

async function enterMobile(mobile = MOBILE) {
  cameFromLine();
  const view = renderApp('/line_bind');
  await view.user.type(await mobileInput(), mobile);
  await view.user.click(nextButton());
  return view;
}

describe('/line_bind: finding the account by mobile', () => {
  it('goes on to the password when check_mobile says the account exists', async () => {
    const checks = answer('checkMobile', () => reply('MEMBER_MOBILE_IS_REPEAT'));
    const { router } = await enterMobile();
    await waitFor(() => expect(router.state.location.pathname).toBe('/line_bind/login'));
    expect(decrypted(checks[0]?.params.mobile)).toBe(MOBILE);
    // The mobile is its own piece of the line, kept whole when large text wraps it.
    expect((await screen.findByText('0912-345-678')).parentElement).toHaveTextContent(/^帳號：0912-345-678$/);
    expect(screen.getByLabelText('密碼')).toBeInTheDocument();
  });

  it('offers registration for a mobile that is no member’s, carrying the LINE bind data and the mobile', async () => {
    answer('checkMobile', () => reply('C01', {}));
    answerTerms();
    const { user, router } = await enterMobile();
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    // The focus goes to a button: the question the buttons answer comes with the dialog's name.
    expect(dialog).toHaveAccessibleDescription('此手機號碼尚未註冊，是否前往註冊？');
    await user.click(within(dialog).getByRole('button', { name: '會員註冊' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerFirst'));
    expect(await screen.findByLabelText('手機號碼')).toHaveValue(MOBILE);
    expect(JSON.parse(sessionStorage.getItem('line_verify_data') ?? 'null')).toEqual({
      bind_third_party: BIND,
      kept_at: expect.any(Number),
    });
  });

  it('lets the member re-enter the mobile instead', async () => {
    answer('checkMobile', () => reply('C01', {}));
    const { user, router } = await enterMobile();
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    await user.click(within(dialog).getByRole('button', { name: '重新輸入' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(async () => expect(await mobileInput()).toHaveFocus());
    expect(router.state.location.pathname).toBe('/line_bind');
  });

  it('Esc closes the offer as 重新輸入 does: back to the mobile, nothing sent', async () => {
    const checks = answer('checkMobile', () => reply('C01', {}));
    const { user, router } = await enterMobile();
    await screen.findByRole('dialog', { name: '提示' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(async () => expect(await mobileInput()).toHaveFocus());
    expect(router.state.location.pathname).toBe('/line_bind');
    expect(checks).toHaveLength(1);
  });

  it('shows any other answer’s RM with OK', async () => {
    answer('checkMobile', () => reply('RATE_LIMITED'));
    const { user } = await enterMobile();
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(dialog).toHaveTextContent('請求過於頻繁，請稍後再試');
    await user.click(within(dialog).getByRole('button', { name: '確定' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['', '請輸入手機號碼'],
    ['09123', '手機號碼格式錯誤'],
  ])('checks the mobile before asking (%j)', async (mobile, message) => {
    const checks = answer('checkMobile', () => reply('C01', {}));
    cameFromLine();
    const { user } = renderApp('/line_bind');
    const input = await mobileInput();
    if (mobile) await user.type(input, mobile);
    await user.click(nextButton());
    await waitFor(() => expect(errorsOf(input)).toBe(message));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // The mobile put right, the next 下一步 asks: once its answer shows, that is the only call made.
    await user.clear(input);
    await user.type(input, MOBILE);
    await user.click(nextButton());
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('此手機號碼尚未註冊');
    expect(checks).toHaveLength(1);
    expect(decrypted(checks[0]?.params.mobile)).toBe(MOBILE);
  });

  it('offers the way back to the login screen beside the mobile: LINE’s browser may show no Back button', async () => {
    cameFromLine();
    const { user, router } = renderApp('/line_bind');
    await mobileInput();
    await user.click(screen.getByRole('link', { name: '返回登入' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('explains that binding starts from LINE login when there is no LINE bind data', async () => {
    renderApp('/line_bind');
    expect(await screen.findByRole('alert')).toHaveTextContent('請先使用 LINE 登入');
    expect(screen.getByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('手機號碼')).not.toBeInTheDocument();
  });
});

async function openPasswordStep() {
  cameFromLine();
  sessionStorage.setItem('line_bind_mobile', MOBILE);
  const view = renderApp('/line_bind/login');
  await screen.findByLabelText('密碼');
  return view;
}

const bindButton = () => screen.getByRole('button', { name: '綁定並登入' });

describe('/line_bind/login: proving the account and binding', () => {
  it('logs in, binds with the new member token, signs in, and after 1 second goes to the redirect location', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setAesKeyCookie();
    const replace = stubLocationReplace();
    const logins = answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    const binds = answer('bindThirdParty', () => reply('C01', {}));
    const redirects = answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: MEMBER_PAGE }));
    await openPasswordStep();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    await user.type(screen.getByLabelText('密碼'), PASSWORD);
    await user.click(bindButton());

    const overlay = await screen.findByRole('dialog', { name: '綁定成功' });
    // The second started as the overlay showed; from here the clock moves only as the test moves
    // it, so however slowly this machine runs, half a second in is well inside it.
    vi.setTimerTickMode('manual');
    expect(overlay).toHaveTextContent('將自動為您導向…');
    expect(decrypted(logins[0]?.params.account)).toBe(MOBILE);
    expect(decrypted(logins[0]?.params.password)).toBe(PASSWORD);
    expect(binds[0]?.payload.token).toBe(MEMBER_TOKEN);
    expect(binds[0]?.params).toEqual(BIND);
    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(MEMBER_TOKEN);
    expect(localStorage.getItem('login_type')).toBe('Line');
    expect(sessionStorage.getItem('line_access_token')).toBe(BIND.verify_data.line_token);
    expect(sessionStorage.getItem('line_verify_data')).toBeNull();
    expect(window.dataLayer).toEqual([{ event: 'login', method: 'Line' }]);

    await vi.advanceTimersByTimeAsync(500);
    expect(redirects).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    vi.setTimerTickMode('interval');
    await waitFor(() => expect(replace).toHaveBeenCalledWith(MEMBER_PAGE));
    expect(redirects[0]?.mmrmToken).toBe(MEMBER_TOKEN);
  });

  it('offers the member area when the redirect fetch fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const replace = stubLocationReplace();
    answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answer('bindThirdParty', () => reply('C01', {}));
    answerRedirectLocation(urlOf('redirectLocation'), () => new HttpResponse('bad gateway', { status: 502 }));
    await openPasswordStep();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('密碼'), PASSWORD);
    await user.click(bindButton());
    const overlay = await screen.findByRole('dialog', { name: '綁定成功' });
    const status = within(overlay).getByRole('status');
    await vi.advanceTimersByTimeAsync(1100);
    const link = await within(overlay).findByRole('link', { name: '前往會員中心' });
    expect(link).toHaveAttribute('href', '/change_member');
    expect(replace).not.toHaveBeenCalled();
    expect(status).toHaveTextContent('自動導向失敗，請點選下方按鈕前往。');
    await waitFor(() => expect(link).toHaveFocus());
  });

  it('shows the login’s RM and binds nothing when the password is wrong', async () => {
    answer('login', () => reply('PASSWORD_INCORRECT'));
    const binds = answer('bindThirdParty', () => reply('C01', {}));
    const { user } = await openPasswordStep();
    await user.type(screen.getByLabelText('密碼'), 'wrong1');
    await user.click(bindButton());
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('密碼錯誤');
    expect(binds).toHaveLength(0);
    expect(localStorage.getItem('memberAuth')).toBeNull();
  });

  it('shows the bind’s RM and stays signed out when the LINE id is bound elsewhere, the sign-in ended on the server too', async () => {
    answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answer('bindThirdParty', () => reply('LINE_ALREADY_BOUND'));
    const logouts = answer('logout', () => reply('C01', {}));
    const { user } = await openPasswordStep();
    await user.type(screen.getByLabelText('密碼'), PASSWORD);
    await user.click(bindButton());
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(dialog).toHaveTextContent('此 LINE 帳號或會員已綁定其他帳號');
    expect(within(dialog).getByRole('button', { name: '確定' })).toBeInTheDocument();
    expect(localStorage.getItem('memberAuth')).toBeNull();
    expect(sessionStorage.getItem('line_verify_data')).not.toBeNull();
    // The password's sign-in was only the way to the bind: kept by no one, it must not live its year.
    expect(logouts.map((call) => call.payload.token)).toEqual([MEMBER_TOKEN]);
  });

  it.each([
    ['no answer to the sign-out either', () => loseNextAnswer('logout')],
    ['the sign-out refused', () => answer('logout', () => reply('TOKEN_INVALID'))],
  ])('still shows the bind’s RM with %s', async (_, logout) => {
    answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    answer('bindThirdParty', () => reply('LINE_TOKEN_INVALID'));
    logout();
    const { user } = await openPasswordStep();
    await user.type(screen.getByLabelText('密碼'), PASSWORD);
    await user.click(bindButton());
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent(RC_MESSAGES.LINE_TOKEN_INVALID);
    expect(localStorage.getItem('memberAuth')).toBeNull();
  });

  it('ends the sign-in on the server when the bind gets no answer', async () => {
    answer('login', () => reply('C01', { member_access_token: MEMBER_TOKEN }));
    loseNextAnswer('bindThirdParty');
    const logouts = answer('logout', () => reply('C01', {}));
    const { user } = await openPasswordStep();
    await user.type(screen.getByLabelText('密碼'), PASSWORD);
    await user.click(bindButton());
    await screen.findByRole('dialog', { name: '提示' });
    await waitFor(() => expect(logouts.map((call) => call.payload.token)).toEqual([MEMBER_TOKEN]));
    expect(localStorage.getItem('memberAuth')).toBeNull();
  });

  it('asks for the password before calling', async () => {
    const logins = answer('login', () => reply('PASSWORD_INCORRECT'));
    const { user } = await openPasswordStep();
    await user.click(bindButton());
    await waitFor(() => expect(errorsOf(screen.getByLabelText('密碼'))).toBe('請輸入密碼'));
    // The password typed, the next try calls: once its answer shows, that is the only call made.
    await user.type(screen.getByLabelText('密碼'), 'wrong1');
    await user.click(bindButton());
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('密碼錯誤');
    expect(logins).toHaveLength(1);
    expect(decrypted(logins[0]?.params.password)).toBe('wrong1');
  });

  it('links to forgot password and back to the mobile step', async () => {
    await openPasswordStep();
    expect(screen.getByRole('link', { name: '忘記密碼' })).toHaveAttribute('href', '/forgotPassword');
    expect(screen.getByRole('link', { name: '使用其他手機號碼' })).toHaveAttribute('href', '/line_bind');
  });

  it('brings the mobile to forgot password, where it need not be typed again', async () => {
    const { user, router } = await openPasswordStep();
    await user.click(screen.getByRole('link', { name: '忘記密碼' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgotPassword'));
    expect(await screen.findByLabelText('手機號碼')).toHaveValue(MOBILE);
  });

  it('starts at the mobile step when no mobile was entered', async () => {
    cameFromLine();
    const { router } = renderApp('/line_bind/login');
    expect(await mobileInput()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/line_bind');
  });

  it('explains that binding starts from LINE login when there is no LINE bind data', async () => {
    sessionStorage.setItem('line_bind_mobile', MOBILE);
    renderApp('/line_bind/login');
    expect(await screen.findByRole('alert')).toHaveTextContent('請先使用 LINE 登入');
    expect(screen.queryByLabelText('密碼')).not.toBeInTheDocument();
  });
});
