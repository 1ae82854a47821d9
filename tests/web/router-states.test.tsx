import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouteComponent,
} from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RC_MESSAGES } from '#protocol/rc';
import { ApiError, CALL_DEADLINE_MS, NETWORK_FAILURE } from '../../src/api/client';
import { App } from '../../src/app';
import { storage } from '../../src/lib/storage';
import { routeStates } from '../../src/router';
import type { RouterContext } from '../../src/router-context';
import { heldAnswer } from './support/api';
import { stubLocationReload } from './support/location';
import { KEPT_CARD } from './support/member-card';

/** The app with the real router settings, on one page whose loader and screen the test decides. */
function renderPage({
  loader,
  component = () => <p>頁面內容</p>,
  errorComponent,
}: {
  loader?: () => Promise<unknown>;
  component?: RouteComponent;
  errorComponent?: () => React.ReactNode;
}) {
  const root = createRootRouteWithContext<RouterContext>()({ component: Outlet, errorComponent });
  const page = createRoute({ getParentRoute: () => root, path: '/', loader, component });
  const queryClient = new QueryClient();
  const router = createRouter({
    ...routeStates,
    routeTree: root.addChildren([page]),
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(<App router={router} queryClient={queryClient} />);
  return { user: userEvent.setup(), unmount: view.unmount };
}

/** React reports every error a boundary catches; these tests expect exactly `error`, and nothing else. */
function expectReported(error: Error) {
  const logged = vi.mocked(console.error);
  expect(logged.mock.calls.length).toBeGreaterThan(0);
  for (const call of logged.mock.calls) expect(call).toContain(error);
  logged.mockClear();
}

const notice = () => screen.findByRole('dialog', { name: '提示' });

describe('while a route loads its data', () => {
  it('shows the loading modal at once, then the screen', async () => {
    const { held, release } = heldAnswer();
    renderPage({ loader: () => held });

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('載入中...'));
    expect(screen.queryByText('頁面內容')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('頁面內容')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('a screen whose code does not come', () => {
  it('after every call’s deadline has passed, says the network is unstable and offers to load the page again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = stubLocationReload();
    // A download stalled on a weak signal: the browser neither delivers it nor gives up.
    renderPage({ component: lazyRouteComponent(() => new Promise<never>(() => {})) });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('載入中...'));

    await vi.advanceTimersByTimeAsync(CALL_DEADLINE_MS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(5_000);
    const dialog = await notice();
    expect(dialog).toHaveTextContent('網路連線不穩定，請確認連線後再試一次');
    vi.useRealTimers();

    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(screen.queryByText('載入中...')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回登入' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '再試一次' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});

describe('when a route cannot load', () => {
  it('shows the RM of a refused call in the notice, and the way back to login behind it', async () => {
    const error = new ApiError('RATE_LIMITED', RC_MESSAGES.RATE_LIMITED);
    const { user } = renderPage({ loader: () => Promise.reject(error) });

    const dialog = await notice();
    expect(dialog).toHaveTextContent('請求過於頻繁，請稍後再試');
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Behind the notice, not an alert: the notice said it.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('請求過於頻繁，請稍後再試');
    expect(screen.getByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('heading', { level: 1, name: '無法顯示此頁面' })).toBeInTheDocument();
    expectReported(error);
  });

  it('offers to try again when no answer came, and shows the screen once the loader gets one', async () => {
    const error = new ApiError(NETWORK_FAILURE, '網路連線不穩定，請確認連線後再試一次');
    const loader = vi.fn().mockRejectedValueOnce(error).mockResolvedValueOnce(null);
    const { user } = renderPage({ loader });

    const dialog = await notice();
    expect(dialog).toHaveTextContent('網路連線不穩定，請確認連線後再試一次');
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(screen.getByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: '再試一次' }));
    expect(await screen.findByText('頁面內容')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
    expectReported(error);
  });

  it('offers the member card kept in this browser when no answer came, for the till with no signal', async () => {
    storage.memberCard.set(KEPT_CARD);
    const error = new ApiError(NETWORK_FAILURE, '網路連線不穩定，請確認連線後再試一次');
    const { user } = renderPage({ loader: () => Promise.reject(error) });

    await user.click(within(await notice()).getByRole('button', { name: '關閉' }));
    const ways = within(screen.getByRole('main'));
    expect(ways.getAllByRole('button').map((way) => way.textContent)).toEqual(['再試一次']);
    expect(ways.getAllByRole('link').map((way) => [way.textContent, way.getAttribute('href')])).toEqual([
      ['出示會員卡', '/member_card'],
      ['返回登入', '/login'],
    ]);
    expectReported(error);
  });

  it('offers no card where none is kept, or where the server answered', async () => {
    const noAnswer = new ApiError(NETWORK_FAILURE, '網路連線不穩定，請確認連線後再試一次');
    const first = renderPage({ loader: () => Promise.reject(noAnswer) });
    await notice();
    expect(screen.queryByRole('link', { name: '出示會員卡' })).not.toBeInTheDocument();
    expectReported(noAnswer);
    first.unmount();

    storage.memberCard.set(KEPT_CARD);
    const refused = new ApiError('RATE_LIMITED', RC_MESSAGES.RATE_LIMITED);
    renderPage({ loader: () => Promise.reject(refused) });
    await notice();
    expect(screen.queryByRole('link', { name: '出示會員卡' })).not.toBeInTheDocument();
    expectReported(refused);
  });

  it('offers no second try for an answer that would not change (a refused call)', async () => {
    const error = new ApiError('OAUTH_REQUEST_INVALID', RC_MESSAGES.OAUTH_REQUEST_INVALID);
    renderPage({ loader: () => Promise.reject(error) });
    await notice();
    expect(screen.queryByRole('button', { name: '再試一次' })).not.toBeInTheDocument();
    expectReported(error);
  });

  it('tells a screen whose code did not come as the connection, and asks for the code again on 再試一次', async () => {
    const message = 'Failed to fetch dynamically imported module: /assets/screen.js';
    // The router reloads the page once for such a failure (its own rule); this is after that reload.
    sessionStorage.setItem(`tanstack_router_reload:${message}`, '1');
    const error = new TypeError(message);
    const importer = vi
      .fn()
      .mockRejectedValueOnce(error)
      .mockResolvedValueOnce({ Screen: () => <p>頁面內容</p> });
    const { user } = renderPage({ component: lazyRouteComponent(importer, 'Screen') });

    const dialog = await notice();
    expect(dialog).toHaveTextContent('網路連線不穩定，請確認連線後再試一次');
    await user.click(within(dialog).getByRole('button', { name: '關閉' }));
    await user.click(screen.getByRole('button', { name: '再試一次' }));
    expect(await screen.findByText('頁面內容')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
    expectReported(error);
    sessionStorage.clear();
  });

  it('says the system is busy for any other failure', async () => {
    const error = new TypeError('results.location is undefined');
    renderPage({ loader: () => Promise.reject(error) });

    const dialog = await notice();
    expect(dialog).toHaveTextContent('系統忙碌中，請稍後再試');
    expect(dialog).not.toHaveTextContent('results.location');
    expectReported(error);
  });

  it('catches a screen that fails to render the same way', async () => {
    const error = new Error('render failed');
    renderPage({
      component: () => {
        throw error;
      },
    });
    expect(await notice()).toHaveTextContent('系統忙碌中，請稍後再試');
    expectReported(error);
  });
});

describe('the app’s error boundary', () => {
  it('shows a message and the way back instead of a blank page when nothing else caught the error', async () => {
    const error = new Error('error screen failed too');
    const fail = () => {
      throw error;
    };
    renderPage({ component: fail, errorComponent: fail });

    expect(await notice()).toHaveTextContent('系統忙碌中，請稍後再試');
    const page = screen.getByRole('main');
    expect(page).toHaveTextContent('系統忙碌中，請稍後再試');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(page).getByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');
    expectReported(error);
  });
});
