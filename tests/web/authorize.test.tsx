import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { RC_MESSAGES } from '#protocol/rc';
import { OAUTH_REQUEST_MINUTES } from '#protocol/values';
import { startSession } from '../../src/lib/session';
import { answer, answerRedirectLocation, heldAnswer, reply, setAesKeyCookie, urlOf } from './support/api';
import { stubLocationReplace } from './support/location';
import { signInAs } from './support/login';
import { inAnotherTab, settled, signInThere } from './support/other-tab';
import { answerProfile, PROFILE } from './support/profile';
import { renderApp } from './support/render-app';
import { server } from './support/server';
import { closeNetworkNotice, loseNextAnswer } from './support/weak-signal';

const TOKEN = 'member-token-abc';
const RANDOM_KEY = 'rk_0123456789abcdefghijklmnopqrstuvwxyzABCDE';
const CLIENT_ID = 'client-9f8e7d6c5b4a';
const STATE = 'a b&c=d';
const CLIENT = { name: '好鄰居商城', id: CLIENT_ID };
// The client's own origin: not one of the app's allowed redirect origins.
const CLIENT_LOCATION = `https://partner.example.org/oauth/callback?code=code-123&state=${encodeURIComponent(STATE)}`;
const AUTHORIZE_PATH = `/authorize?${new URLSearchParams({ random_key: RANDOM_KEY, client_id: CLIENT_ID, state: STATE })}`;

const notice = () => screen.findByRole('dialog', { name: '提示' });

describe('/authorize with a session', () => {
  it('asks who the client is, authorizes with the member token and goes to the client', async () => {
    startSession(TOKEN, 'Member');
    const replace = stubLocationReplace();
    const infos = answer('oauthInfo', () => reply('C01', { client: CLIENT }));
    const authorizes = answer('oauthAuthorize', () => reply('C01', { location: CLIENT_LOCATION }));

    renderApp(AUTHORIZE_PATH);

    await waitFor(() => expect(replace).toHaveBeenCalledWith(CLIENT_LOCATION));
    expect(replace).toHaveBeenCalledTimes(1);
    expect(infos).toHaveLength(1);
    expect(infos[0]?.payload.token).toBeUndefined();
    expect(infos[0]?.params).toEqual({ random_key: RANDOM_KEY });
    expect(authorizes).toHaveLength(1);
    expect(authorizes[0]?.payload.token).toBe(TOKEN);
    expect(authorizes[0]?.params).toEqual({ random_key: RANDOM_KEY, client_id: CLIENT_ID, state: STATE });
    expect(screen.getByRole('heading', { name: '會員授權登入' })).toBeInTheDocument();
    expect(screen.getByText(/「好鄰居商城」將取得您的會員資料/)).toBeInTheDocument();
    // Until the browser has left, the loading modal says where the member is going.
    expect(screen.getByRole('status')).toHaveTextContent('正在前往「好鄰居商城」…');
  });

  it('shows the loading modal while it checks the request', async () => {
    startSession(TOKEN, 'Member');
    stubLocationReplace();
    const { held, release } = heldAnswer();
    answer('oauthInfo', async () => {
      await held;
      return reply('OAUTH_REQUEST_INVALID');
    });

    renderApp(AUTHORIZE_PATH);

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('載入中...'));
    expect(screen.getByText('正在確認授權請求…')).toBeInTheDocument();
    release();
    expect(await notice()).toBeInTheDocument();
  });

  it('shows the RM of a refused info call and authorizes nothing', async () => {
    startSession(TOKEN, 'Member');
    const replace = stubLocationReplace();
    answer('oauthInfo', () => reply('OAUTH_REQUEST_INVALID'));
    const { user } = renderApp(AUTHORIZE_PATH);

    const dialog = await notice();
    expect(dialog).toHaveTextContent(RC_MESSAGES.OAUTH_REQUEST_INVALID);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(/無法完成授權/)).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });

  it('offers the member area, inside the app, once the notice of a hop that cannot go on is closed', async () => {
    startSession(TOKEN, 'Member');
    stubLocationReplace();
    answer('oauthInfo', () => reply('OAUTH_REQUEST_INVALID'));
    answerProfile();
    const { user, router } = renderApp(AUTHORIZE_PATH);

    await user.click(within(await notice()).getByRole('button', { name: '關閉' }));
    // The words still send the member back to the client; the link is the way on inside the app.
    expect(screen.getByText('無法完成授權。請回到原本的網站或應用程式，重新操作一次。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '再試一次' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '返回登入' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '前往會員中心' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/change_member'));
    expect(await screen.findByRole('heading', { name: '基本資料' })).toBeInTheDocument();
  });

  it('offers 再試一次 alone when no answer came: the hop can still go on from here', async () => {
    startSession(TOKEN, 'Member');
    stubLocationReplace();
    answer('oauthInfo', () => reply('C01', { client: CLIENT }));
    loseNextAnswer('oauthInfo');
    const { user } = renderApp(AUTHORIZE_PATH);
    await user.click(within(await notice()).getByRole('button', { name: '關閉' }));
    expect(screen.getByRole('button', { name: '再試一次' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '前往會員中心' })).not.toBeInTheDocument();
  });

  it('offers the login screen when the session has ended by the time the hop stops', async () => {
    startSession(TOKEN, 'Member');
    stubLocationReplace();
    const { held, release } = heldAnswer();
    answer('oauthInfo', async () => {
      await held;
      return reply('OAUTH_REQUEST_INVALID');
    });
    const { user } = renderApp(AUTHORIZE_PATH);
    await screen.findByText('正在確認授權請求…');
    // Signed out meanwhile, in another tab.
    localStorage.removeItem('memberAuth');
    release();

    await user.click(within(await notice()).getByRole('button', { name: '關閉' }));
    expect(screen.getByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: '前往會員中心' })).not.toBeInTheDocument();
  });

  it('offers to try again when the info call got no answer, and goes on to the client when it does', async () => {
    startSession(TOKEN, 'Member');
    const replace = stubLocationReplace();
    const infos = answer('oauthInfo', () => reply('C01', { client: CLIENT }));
    // Used before the answer above (the last handler added is asked first), once.
    loseNextAnswer('oauthInfo');
    answer('oauthAuthorize', () => reply('C01', { location: CLIENT_LOCATION }));
    const { user } = renderApp(AUTHORIZE_PATH);

    const dialog = await notice();
    expect(dialog).toHaveTextContent('網路連線不穩定，請確認連線後再試一次');
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(screen.getByText('授權尚未完成，請再試一次。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '再試一次' }));

    await waitFor(() => expect(replace).toHaveBeenCalledWith(CLIENT_LOCATION));
    expect(infos).toHaveLength(1);
  });

  it('offers to try again when the authorize call got no answer, and sends it once more', async () => {
    startSession(TOKEN, 'Member');
    const replace = stubLocationReplace();
    answer('oauthInfo', () => reply('C01', { client: CLIENT }));
    const authorizes = answer('oauthAuthorize', () => reply('C01', { location: CLIENT_LOCATION }));
    loseNextAnswer('oauthAuthorize');
    const { user } = renderApp(AUTHORIZE_PATH);

    const dialog = await notice();
    expect(dialog).toHaveTextContent('網路連線不穩定，請確認連線後再試一次');
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    await user.click(screen.getByRole('button', { name: '再試一次' }));

    await waitFor(() => expect(replace).toHaveBeenCalledWith(CLIENT_LOCATION));
    expect(authorizes).toHaveLength(1);
    expect(authorizes[0]?.params).toEqual({ random_key: RANDOM_KEY, client_id: CLIENT_ID, state: STATE });
  });

  it('offers no second try for a refusal, which would be refused again, but the member area', async () => {
    startSession(TOKEN, 'Member');
    stubLocationReplace();
    answer('oauthInfo', () => reply('C01', { client: CLIENT }));
    answer('oauthAuthorize', () => reply('OAUTH_CLIENT_INVALID'));
    const { user } = renderApp(AUTHORIZE_PATH);
    await user.click(within(await notice()).getByRole('button', { name: '關閉' }));
    expect(screen.queryByRole('button', { name: '再試一次' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往會員中心' })).toHaveAttribute('href', '/change_member');
  });

  it('shows the RM of a refused authorize call and stays', async () => {
    startSession(TOKEN, 'Member');
    const replace = stubLocationReplace();
    answer('oauthInfo', () => reply('C01', { client: CLIENT }));
    answer('oauthAuthorize', () => reply('OAUTH_CLIENT_INVALID'));
    renderApp(AUTHORIZE_PATH);

    expect(await notice()).toHaveTextContent(RC_MESSAGES.OAUTH_CLIENT_INVALID);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(replace).not.toHaveBeenCalled();
  });

  it.each([
    ['not http(s)', 'javascript:alert(document.cookie)'],
    ['carries credentials', 'https://user:pw@partner.example.org/cb?code=1'],
    ['is missing', undefined],
  ])('does not follow a location that is %s', async (_, location) => {
    startSession(TOKEN, 'Member');
    const replace = stubLocationReplace();
    answer('oauthInfo', () => reply('C01', { client: CLIENT }));
    answer('oauthAuthorize', () => reply('C01', location === undefined ? {} : { location }));
    renderApp(AUTHORIZE_PATH);

    expect(await notice()).toHaveTextContent(RC_MESSAGES.SYSTEM_ERROR);
    expect(replace).not.toHaveBeenCalled();
  });

  it('says the service is busy when the info call gets no answer', async () => {
    startSession(TOKEN, 'Member');
    server.use(http.post(urlOf('oauthInfo'), () => new HttpResponse('bad gateway', { status: 502 })));
    renderApp(AUTHORIZE_PATH);
    expect(await notice()).toHaveTextContent(RC_MESSAGES.SYSTEM_ERROR);
  });

  it.each([
    ['without a random_key', `/authorize?client_id=${CLIENT_ID}&state=s`],
    ['without a state', `/authorize?random_key=${RANDOM_KEY}&client_id=${CLIENT_ID}`],
    ['with nothing', '/authorize'],
  ])('explains an address %s without calling anything', async (_, path) => {
    startSession(TOKEN, 'Member');
    const { user } = renderApp(path);
    const dialog = await notice();
    expect(dialog).toHaveTextContent(RC_MESSAGES.OAUTH_REQUEST_INVALID);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(screen.getByRole('link', { name: '前往會員中心' })).toHaveAttribute('href', '/change_member');
  });
});

describe('/authorize without a session', () => {
  it('goes to /login and, after signing in, comes back to the same /authorize', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    answer('login', () => reply('C01', { member_access_token: TOKEN }));
    const { router, user } = renderApp(AUTHORIZE_PATH);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signInAs(user);

    // No redirect_location call: the member goes straight back to the hop (an unanswered call would fail the test).
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    const back = new URL(String(replace.mock.calls[0]?.[0]), window.location.origin);
    expect(back.origin).toBe(window.location.origin);
    expect(back.pathname).toBe('/authorize');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      random_key: RANDOM_KEY,
      client_id: CLIENT_ID,
      state: STATE,
    });
    expect(sessionStorage.getItem('return_path')).toBeNull();
    expect(window.dataLayer).toEqual([{ event: 'login', method: 'Member' }]);
  });

  it('comes back to the /authorize past the hop’s 10 minutes too, to be told there it has expired, not left on the profile', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    answer('login', () => reply('C01', { member_access_token: TOKEN }));
    const { router, user } = renderApp(AUTHORIZE_PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    // Registering, or recovering a password, can take longer than the hop lives.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (OAUTH_REQUEST_MINUTES + 5) * 60_000);
    await signInAs(user);

    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    vi.useRealTimers();
    expect(new URL(String(replace.mock.calls[0]?.[0]), window.location.origin).pathname).toBe('/authorize');
  });

  it('then, back on /authorize with the new session, finishes the hop', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    answer('login', () => reply('C01', { member_access_token: TOKEN }));
    const first = renderApp(AUTHORIZE_PATH);
    await signInAs(first.user);
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    const back = String(replace.mock.calls[0]?.[0]);
    first.unmount();

    answer('oauthInfo', () => reply('C01', { client: CLIENT }));
    const authorizes = answer('oauthAuthorize', () => reply('C01', { location: CLIENT_LOCATION }));
    renderApp(back);

    await waitFor(() => expect(replace).toHaveBeenLastCalledWith(CLIENT_LOCATION));
    expect(authorizes[0]?.payload.token).toBe(TOKEN);
    expect(authorizes[0]?.params.state).toBe(STATE);
  });

  it('after signing in elsewhere than from /authorize, goes where the server says as before', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    answer('login', () => reply('C01', { member_access_token: TOKEN }));
    const redirects = answerRedirectLocation(urlOf('redirectLocation'), () =>
      reply('C01', { location: '/change_member' }),
    );
    const { user } = renderApp('/login');
    await signInAs(user);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/change_member'));
    expect(redirects).toHaveLength(1);
  });
});

describe('/authorize when the server no longer knows the member token', () => {
  it('shows the RM, then signs the member in again and comes back', async () => {
    setAesKeyCookie();
    startSession('revoked-token', 'Member');
    const replace = stubLocationReplace();
    answer('oauthInfo', () => reply('C01', { client: CLIENT }));
    answer('oauthAuthorize', () => reply('TOKEN_INVALID'));
    answer('login', () => reply('C01', { member_access_token: TOKEN }));
    const { router, user } = renderApp(AUTHORIZE_PATH);

    const dialog = await notice();
    expect(dialog).toHaveTextContent(RC_MESSAGES.TOKEN_INVALID);
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('memberAuth')).toBeNull();
    await signInAs(user);
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    const back = new URL(String(replace.mock.calls[0]?.[0]), window.location.origin);
    expect(back.pathname).toBe('/authorize');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      random_key: RANDOM_KEY,
      client_id: CLIENT_ID,
      state: STATE,
    });
  });
});

describe('/authorize when another tab changes the session under the hop', () => {
  const OTHER_TOKEN = 'member-token-other-tab';
  const OTHER_MOBILE = '0987654321';
  const SIGNED_IN_THERE = '您已在其他視窗或分頁重新登入，本頁已改為顯示目前登入的帳號。';

  /** get_member_profile answering the member whose token the call carries, as the server would. */
  const answerAccounts = () =>
    answer('getMemberProfile', ({ payload }) =>
      payload.token === OTHER_TOKEN
        ? reply('C01', { member_profile: { ...PROFILE, mobile: OTHER_MOBILE, name: '陳美玲' } })
        : reply('TOKEN_INVALID'),
    );

  it('consents for the member signed in there only once they press to go on, shown whose account it is', async () => {
    startSession(TOKEN, 'Member');
    const replace = stubLocationReplace();
    answer('oauthInfo', () => reply('C01', { client: CLIENT }));
    answerAccounts();
    const authorizes = answer('oauthAuthorize', () => reply('C01', { location: CLIENT_LOCATION }));
    loseNextAnswer('oauthAuthorize');
    const { user, router } = renderApp(AUTHORIZE_PATH);
    await closeNetworkNotice(user);
    expect(screen.getByText('授權尚未完成，請再試一次。')).toBeInTheDocument();

    await inAnotherTab(() => signInThere(OTHER_TOKEN));
    await settled(router);
    await user.click(within(await notice()).getByRole('button', { name: '關閉' }));

    expect(await screen.findByText(/0987-654-321/)).toBeInTheDocument();
    expect(screen.getByText(/「好鄰居商城」將取得您的會員資料/)).toBeInTheDocument();
    expect(authorizes).toHaveLength(0);
    expect(replace).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '繼續授權' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(CLIENT_LOCATION));
    expect(authorizes.map((call) => call.payload.token)).toEqual([OTHER_TOKEN]);
  });

  it('offers the member area instead, for a member who does not mean to consent', async () => {
    startSession(TOKEN, 'Member');
    stubLocationReplace();
    answer('oauthInfo', () => reply('C01', { client: CLIENT }));
    answerAccounts();
    const authorizes = answer('oauthAuthorize', () => reply('C01', { location: CLIENT_LOCATION }));
    loseNextAnswer('oauthAuthorize');
    const { user, router } = renderApp(AUTHORIZE_PATH);
    await closeNetworkNotice(user);

    await inAnotherTab(() => signInThere(OTHER_TOKEN));
    await settled(router);
    expect(await notice()).toHaveTextContent(SIGNED_IN_THERE);
    expect(await screen.findByRole('link', { name: '前往會員中心' })).toHaveAttribute('href', '/change_member');
    expect(authorizes).toHaveLength(0);
  });

  it('closing the notice of a refused member token leaves alone the session signed in there meanwhile', async () => {
    startSession('revoked-token', 'Member');
    stubLocationReplace();
    answer('oauthInfo', () => reply('C01', { client: CLIENT }));
    answerAccounts();
    const authorizes = answer('oauthAuthorize', ({ payload }) =>
      payload.token === OTHER_TOKEN ? reply('C01', { location: CLIENT_LOCATION }) : reply('TOKEN_INVALID'),
    );
    const { user, router } = renderApp(AUTHORIZE_PATH);
    expect(await notice()).toHaveTextContent(RC_MESSAGES.TOKEN_INVALID);

    await inAnotherTab(() => signInThere(OTHER_TOKEN));
    await settled(router);
    await user.click(within(await notice()).getByRole('button', { name: '關閉' }));

    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(OTHER_TOKEN);
    expect(authorizes.map((call) => call.payload.token)).toEqual(['revoked-token']);
  });

  it('closing that notice, even unaware of the sign-in there, leaves that session alone and goes to sign in', async () => {
    startSession('revoked-token', 'Member');
    stubLocationReplace();
    answer('oauthInfo', () => reply('C01', { client: CLIENT }));
    answer('oauthAuthorize', () => reply('TOKEN_INVALID'));
    const { user, router } = renderApp(AUTHORIZE_PATH);
    const dialog = await notice();

    // No storage event reaches this tab (as a page the browser froze meanwhile).
    signInThere(OTHER_TOKEN);
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '{}').token).toBe(OTHER_TOKEN);
  });
});
