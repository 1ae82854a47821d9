import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { urlOf } from './support/api';
import { answerCard } from './support/member-card';
import { signIn } from './support/profile';
import { renderApp } from './support/render-app';
import { server } from './support/server';

// The card screen asks the card's service worker to keep the page for a visit with no network
// (decision 0017) each time a card has come from the server, and only then.

const ENTRY = '/assets/index-T3st.js';

let register: ReturnType<typeof vi.fn>;
let postMessage: ReturnType<typeof vi.fn>;
let entryScript: HTMLScriptElement;

beforeEach(() => {
  postMessage = vi.fn();
  register = vi.fn(async () => ({ active: { postMessage } }));
  // jsdom has no service workers: this browser has one that is already running.
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  entryScript = Object.assign(document.createElement('script'), { type: 'module' });
  entryScript.setAttribute('src', ENTRY);
  document.head.append(entryScript);
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { name: `${location.origin}/assets/barcode-Ab12.js` },
    { name: `${location.origin}/assets/logo-Cd34.svg` },
    { name: `${location.origin}/api/member/get_member_card` },
    { name: 'https://static.line-scdn.net/liff/edge/2/sdk.js' },
  ] as PerformanceEntry[]);
});

afterEach(() => {
  entryScript.remove();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.restoreAllMocks();
});

const barcode = () => screen.findByRole('img', { name: /^會員條碼：/ });

describe('/member_card keeps its page for a visit with no network', () => {
  it('registers the card’s worker for the card’s page alone, and names the app’s entry and own files to keep', async () => {
    answerCard();
    signIn();
    renderApp('/member_card');
    await barcode();
    await waitFor(() => expect(postMessage).toHaveBeenCalledTimes(1));
    expect(register).toHaveBeenCalledWith('/card-worker.js', { scope: '/member_card' });
    expect(postMessage).toHaveBeenCalledWith({
      type: 'keep-card-page',
      entry: ENTRY,
      files: ['/assets/barcode-Ab12.js', '/assets/logo-Cd34.svg'],
    });
  });

  it('asks nothing while the kept card shows offline, or when the member has no card yet', async () => {
    answerCard();
    signIn();
    const online = renderApp('/member_card');
    await barcode();
    await waitFor(() => expect(postMessage).toHaveBeenCalledTimes(1));
    online.unmount();
    register.mockClear();

    server.use(http.post(urlOf('getMemberCard'), () => HttpResponse.error()));
    const offline = renderApp('/member_card');
    expect(await screen.findByText('目前離線，顯示已儲存的會員卡，條碼仍可使用。')).toBeInTheDocument();
    offline.unmount();

    answerCard(0, { member_card: null });
    renderApp('/member_card');
    expect(await screen.findByText('請先完成手機驗證')).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });

  it('leaves the card as it is where the worker is refused (a private window)', async () => {
    register.mockRejectedValue(new DOMException('refused', 'SecurityError'));
    answerCard();
    signIn();
    renderApp('/member_card');
    await barcode();
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    expect(postMessage).not.toHaveBeenCalled();
    expect(await barcode()).toBeVisible();
  });
});
