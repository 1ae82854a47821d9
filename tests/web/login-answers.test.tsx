import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, heldAnswer, reply, urlOf } from './support/api';
import { accountInput, loginButton, MOBILE, PASSWORD, passwordInput, signInAs } from './support/login';
import { renderApp } from './support/render-app';
import { server } from './support/server';

const notice = () => screen.findByRole('dialog', { name: '提示' });

describe('an account the member system does not know (MEMBER_IS_NOT_EXIST)', () => {
  it('asks compare_ec_member in English without a token, and says the system was upgraded', async () => {
    answer('login', () => reply('MEMBER_IS_NOT_EXIST'));
    const compares = answer('compareEcMember', () => reply('C01', { is_mmrm_member: true, status: null }));
    const { user } = renderApp('/login');

    await signInAs(user);

    expect(await notice()).toHaveTextContent('系統已升級整合，將為您導向會員頁面，請重新註冊並登入');
    expect(compares).toHaveLength(1);
    expect(compares[0]?.payload.token).toBeUndefined();
    expect(compares[0]?.params).toEqual({ provider: 'cyberbit', phone: MOBILE });
    expect(compares[0]?.headers.get('accept-language')).toBe('en');
    expect(localStorage.getItem('memberAuth')).toBeNull();
  });

  it('sends an e-commerce member to the HI-Q APP account, even when a status is present', async () => {
    answer('login', () => reply('MEMBER_IS_NOT_EXIST'));
    answer('compareEcMember', () => reply('C01', { is_mmrm_member: false, status: 'not_found' }));
    const { user } = renderApp('/login');

    await signInAs(user);

    const dialog = await notice();
    expect(dialog).toHaveTextContent('請使用 HI-Q APP 會員帳號登入');
    expect(dialog).not.toHaveTextContent('登入失敗');
  });

  it('shows the comparison’s own message when it is not C01', async () => {
    answer('login', () => reply('MEMBER_IS_NOT_EXIST'));
    answer('compareEcMember', () => reply('PARAMETER_INVALID', undefined, '電商會員查詢失敗'));
    const { user } = renderApp('/login');

    await signInAs(user);

    expect(await notice()).toHaveTextContent('電商會員查詢失敗');
  });
});

describe('other answers', () => {
  it('shows the server’s message for any other RC', async () => {
    answer('login', () => reply('ACCOUNT_LOCKED'));
    const { user } = renderApp('/login');
    await signInAs(user);
    expect(await notice()).toHaveTextContent('密碼錯誤次數過多，帳號已暫時鎖定，請於 15 分鐘後再試');
    expect(localStorage.getItem('memberAuth')).toBeNull();
  });

  it.each([
    ['the answer is not JSON', () => new HttpResponse('<html>bad gateway</html>', { status: 200 })],
    ['the server fails', () => HttpResponse.json({ message: 'boom' }, { status: 500 })],
  ])('shows the system-busy message when %s', async (_, respond) => {
    server.use(http.post(urlOf('login'), respond));
    const { user } = renderApp('/login');
    await signInAs(user);
    expect(await notice()).toHaveTextContent('系統忙碌中，請稍後再試');
  });

  it('says the network is unstable when no answer came, and keeps what the member typed', async () => {
    server.use(http.post(urlOf('login'), () => HttpResponse.error()));
    const { user } = renderApp('/login');
    await signInAs(user);
    expect(await notice()).toHaveTextContent('網路連線不穩定，請確認連線後再試一次');
    expect(accountInput()).toHaveValue(MOBILE);
    expect(passwordInput()).toHaveValue(PASSWORD);
  });

  it('shows the RM of a protocol rejection', async () => {
    server.use(http.post(urlOf('login'), () => HttpResponse.json(reply('RATE_LIMITED'), { status: 429 })));
    const { user } = renderApp('/login');
    await signInAs(user);
    expect(await notice()).toHaveTextContent('請求過於頻繁，請稍後再試');
  });
});

describe('a call on one bar of signal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says why it is waiting after 5 s, gives up after 20 s with the network message, and logs in on the next try', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const stalled = answer('login', async () => {
      await delay('infinite');
      return reply('C01');
    });
    renderApp('/login');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await signInAs(user);
    await waitFor(() => expect(stalled).toHaveLength(1));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('載入中...');
    expect(status).not.toHaveTextContent('網路較慢');

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(status).toHaveTextContent('網路較慢，仍在處理中，請稍候…');
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await notice()).toHaveTextContent('網路連線不穩定，請確認連線後再試一次');
    expect(status).toBeEmptyDOMElement();

    await user.click(within(await notice()).getByRole('button', { name: '關閉' }));
    answer('login', () => reply('PASSWORD_INCORRECT'));
    await user.click(loginButton());
    expect(await notice()).toHaveTextContent('密碼錯誤');
    expect(screen.getByRole('status')).not.toHaveTextContent('網路較慢');
  });
});

describe('the loading and notice modals', () => {
  it('shows 載入中... while the call runs', async () => {
    const { held: answered, release } = heldAnswer();
    answer('login', async () => {
      await answered;
      return reply('PASSWORD_INCORRECT');
    });
    const { user } = renderApp('/login');

    await signInAs(user);

    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('載入中...'));
    expect(status).toHaveAttribute('aria-live', 'polite');
    release();
    await notice();
    expect(status).toBeEmptyDOMElement();
  });

  it('takes focus, keeps it inside, closes on Esc and gives focus back', async () => {
    answer('login', () => reply('PASSWORD_INCORRECT'));
    const { user } = renderApp('/login');
    await signInAs(user);

    const dialog = await notice();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const close = within(dialog).getByRole('button', { name: '關閉' });
    await waitFor(() => expect(close).toHaveFocus());
    expect(within(dialog).queryByRole('link', { name: '前往綁定' })).not.toBeInTheDocument();
    await user.tab();
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Back where the member was before pressing 登入: a press leaves the focus in the field (Button).
    expect(passwordInput()).toHaveFocus();
  });

  it('closes with its 關閉 button', async () => {
    answer('login', () => reply('PASSWORD_INCORRECT'));
    const { user } = renderApp('/login');
    await signInAs(user);
    await user.click(within(await notice()).getByRole('button', { name: '關閉' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
