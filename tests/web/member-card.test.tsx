import { act, screen, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_STEP_SECONDS, groupedCardCode, memberCardCode } from '#protocol/member-card';
import { endSession, startSession } from '../../src/lib/session';
import { answer, heldAnswer, reply, urlOf } from './support/api';
import { answerCard, CARD_NUMBER, CARD_SECRET_BYTES, cardResults } from './support/member-card';
import { signIn } from './support/profile';
import { renderApp } from './support/render-app';
import { server } from './support/server';

// The QR code's encoder, counted: drawing it is the card's costliest work, and belongs to a new code only.
const qrDrawn = vi.hoisted(() => ({ times: 0 }));
vi.mock('uqr', async (importOriginal) => {
  const uqr = await importOriginal<typeof import('uqr')>();
  return {
    ...uqr,
    encode: (...args: Parameters<typeof uqr.encode>) => {
      qrDrawn.times += 1;
      return uqr.encode(...args);
    },
  };
});

const HOUR_MS = 60 * 60 * 1000;
// Ten seconds into a 30-second step: whole seconds of the server's time never straddle a step.
const DEVICE_NOW = new Date('2026-11-25T02:00:10.000Z');

/** The digits the card must show when the server's clock reads `serverTime`. */
const expectedDigits = (serverTime: number) =>
  groupedCardCode(memberCardCode(CARD_NUMBER, CARD_SECRET_BYTES, serverTime));
const shownDigits = async () => (await screen.findByRole('img', { name: /^會員條碼：/ })).getAttribute('aria-label');
/** The digits on the screen now, without waiting: Testing Library's waits need a running clock. */
const digitsNow = () => screen.getByRole('img', { name: /^會員條碼：/ }).getAttribute('aria-label');
/** Lets `ms` pass a `step` at a time (a second unless said), each step's render settled before the next. */
async function letPass(ms: number, step = 1000): Promise<void> {
  for (let passed = 0; passed < ms; passed += step) await act(() => vi.advanceTimersByTimeAsync(step));
}

/**
 * The digits the card shows once it has loaded on the stopped clock. The timers due now (the
 * query's notifications) run as they come, a turn of the event loop apart so that the card's
 * call is answered meanwhile; no time passes. Testing Library's own waits are timers too, so
 * this looks without them.
 */
async function cardShownOnStoppedClock(): Promise<string | null> {
  for (;;) {
    act(() => {
      vi.advanceTimersByTime(0);
    });
    if (screen.queryByRole('img', { name: /^會員條碼：/ })) return digitsNow();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function atDeviceTime(): void {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(DEVICE_NOW);
}
afterEach(() => {
  vi.useRealTimers();
});

// The server's clock five minutes ahead of the phone's, as the kept card remembers it.
const KEPT_OFFSET_MS = 5 * 60_000;

/** A signed-in member who has opened the card before: this browser keeps it. */
async function keepCardFromEarlierVisit(): Promise<void> {
  atDeviceTime();
  answerCard(KEPT_OFFSET_MS);
  signIn();
  const firstVisit = renderApp('/member_card');
  await shownDigits();
  firstVisit.unmount();
}

describe('/member_card shows the code the till scans', () => {
  it('shows the logo, the name, the masked mobile and the code of the server’s clock as barcode, digits and QR', async () => {
    atDeviceTime();
    // The phone's clock is three hours slow: the code must still be the server's.
    const cards = answerCard(3 * HOUR_MS);
    signIn();
    renderApp('/member_card');
    const digits = expectedDigits(DEVICE_NOW.getTime() + 3 * HOUR_MS);
    expect(await shownDigits()).toBe(`會員條碼：${digits}`);
    expect(screen.getByRole('heading', { level: 1, name: '會員卡' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '會員中心' })).toBeInTheDocument();
    expect(screen.getByText('王小明')).toBeInTheDocument();
    expect(screen.getByText('0912-***-678')).toBeInTheDocument();
    expect(screen.getByText(digits)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `會員 QR 碼：${digits}` })).toBeInTheDocument();
    expect(screen.getByText('結帳時請出示此條碼')).toBeInTheDocument();
    expect(cards).toHaveLength(1);
    expect(cards[0]?.params).toEqual({});
  });

  it('moves to the next code every 30 seconds and counts down to it', async () => {
    atDeviceTime();
    // The clock stands at DEVICE_NOW until the test moves it: the card's answer and its first
    // render happen at that very moment, however long this machine takes to get there.
    vi.setTimerTickMode('manual');
    answerCard();
    signIn();
    renderApp('/member_card');
    const first = await cardShownOnStoppedClock();
    expect(first).toBe(`會員條碼：${expectedDigits(DEVICE_NOW.getTime())}`);
    expect(screen.getByText('條碼每 30 秒更新，20 秒後更新')).toBeInTheDocument();
    // On to the middle of a second: the countdown moves just after each whole second.
    await act(() => vi.advanceTimersByTimeAsync(500));
    await letPass(10_000);
    expect(screen.getByText('條碼每 30 秒更新，10 秒後更新')).toBeInTheDocument();
    expect(digitsNow()).toBe(first);
    await letPass(10_000);
    const next = expectedDigits(DEVICE_NOW.getTime() + 20_000);
    expect(digitsNow()).toBe(`會員條碼：${next}`);
    expect(`會員條碼：${next}`).not.toBe(first);
    expect(screen.getByText(`條碼每 30 秒更新，${CARD_STEP_SECONDS} 秒後更新`)).toBeInTheDocument();
    // Said to a screen reader once per new code, not every second, and without its 16 digits: the
    // barcode and the QR code, named with them, are there to read them.
    const renewed = within(screen.getByRole('region', { name: '結帳時請出示此條碼' })).getByRole('status');
    expect(renewed).toHaveTextContent('會員條碼已更新');
    expect(renewed.textContent).not.toMatch(/\d/);
    expect(screen.getByRole('img', { name: `會員 QR 碼：${next}` })).toBeInTheDocument();
  });

  it('draws the QR code once per code, not at each tick of the countdown', async () => {
    atDeviceTime();
    vi.setTimerTickMode('manual');
    answerCard();
    signIn();
    renderApp('/member_card');
    await cardShownOnStoppedClock();
    await act(() => vi.advanceTimersByTimeAsync(500));
    qrDrawn.times = 0;
    // 20 seconds to the next code, then 30 more: two new codes, fifty ticks. Strict mode, as the
    // app runs in development, renders each new code twice.
    await letPass(50_000);
    expect(qrDrawn.times).toBe(2 * 2);
  });

  it('keeps showing valid, changing codes from the kept card when the network fails at the till', async () => {
    await keepCardFromEarlierVisit();

    server.use(http.post(urlOf('getMemberCard'), () => HttpResponse.error()));
    renderApp('/member_card');
    expect(await screen.findByText('目前離線，顯示已儲存的會員卡，條碼仍可使用。')).toBeInTheDocument();
    expect(await shownDigits()).toBe(`會員條碼：${expectedDigits(Date.now() + KEPT_OFFSET_MS)}`);
    // Ten minutes a code's period at a time: twenty codes, without six hundred renders of the countdown.
    await letPass(10 * 60_000, 30_000);
    expect(await shownDigits()).toBe(`會員條碼：${expectedDigits(Date.now() + KEPT_OFFSET_MS)}`);
  });

  it('shows the kept card at once while the card call crawls on a weak signal, and says offline if it never answers', async () => {
    await keepCardFromEarlierVisit();

    const stalled = answer('getMemberCard', async () => {
      await delay('infinite');
      return reply('C01');
    });
    renderApp('/member_card');
    expect(await shownDigits()).toBe(`會員條碼：${expectedDigits(Date.now() + KEPT_OFFSET_MS)}`);
    expect(stalled).toHaveLength(1);
    // Nothing covers the code while the call runs: the till can scan it now.
    expect(screen.queryByText('載入中...')).toBeNull();
    expect(screen.queryByText('正在載入會員卡…')).toBeNull();
    await letPass(20_000);
    expect(await screen.findByText('目前離線，顯示已儲存的會員卡，條碼仍可使用。')).toBeInTheDocument();
    expect(await shownDigits()).toBe(`會員條碼：${expectedDigits(Date.now() + KEPT_OFFSET_MS)}`);
  });

  it('lists the latest scans under 最近使用', async () => {
    answerCard(0, {
      recent_scans: [
        { terminal_name: '信義店 1 號機', scanned_at: '2026/11/24 18:02:11' },
        { terminal_name: '南西店 2 號機', scanned_at: '2026/11/20 12:30:00' },
      ],
    });
    signIn();
    renderApp('/member_card');
    const recent = await screen.findByRole('region', { name: '最近使用' });
    const rows = within(recent).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '信義店 1 號機2026/11/24 18:02:11',
      '南西店 2 號機2026/11/20 12:30:00',
    ]);
  });

  it('says there is no scan yet', async () => {
    answerCard();
    signIn();
    renderApp('/member_card');
    const recent = await screen.findByRole('region', { name: '最近使用' });
    expect(recent).toHaveTextContent('尚無使用紀錄');
  });
});

describe('/member_card before the mobile is verified', () => {
  it('says why there is no code, links to the verification, and keeps no card', async () => {
    answerCard(0, { member_card: null });
    signIn();
    renderApp('/member_card');
    expect(await screen.findByText('請先完成手機驗證')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往驗證' })).toHaveAttribute('href', '/verify_mobile');
    expect(screen.queryByRole('img', { name: /^會員條碼/ })).toBeNull();
    expect(localStorage.getItem('member_card')).toBeNull();
  });
});

describe('/member_card when it cannot be loaded', () => {
  it('says so with a way to try again and a way back, and shows the card once the network is back', async () => {
    server.use(http.post(urlOf('getMemberCard'), () => HttpResponse.error()));
    signIn();
    const { user } = renderApp('/member_card');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('無法載入會員卡');
    expect(screen.getByRole('link', { name: '返回基本資料' })).toHaveAttribute('href', '/change_member');
    answerCard();
    await user.click(within(alert).getByRole('button', { name: '重新載入' }));
    expect(await shownDigits()).toMatch(/^會員條碼：\d{4} \d{4} \d{4} \d{4}$/);
  });

  it('sends a member whose session has ended to /login, to come back to the card, and forgets the kept card', async () => {
    answerCard();
    signIn();
    const firstVisit = renderApp('/member_card');
    await shownDigits();
    firstVisit.unmount();
    expect(localStorage.getItem('member_card')).not.toBeNull();

    answer('getMemberCard', () => reply('TOKEN_INVALID'));
    const { router } = renderApp('/member_card');
    expect(await screen.findByRole('button', { name: '登入' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('member_card')).toBeNull();
    expect(localStorage.getItem('memberAuth')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('return_path') ?? '{}').path).toBe('/member_card');
  });
});

describe('a card answer that comes after the session it was asked in', () => {
  it.each([
    ['the member signed out', () => endSession()],
    ['someone else signed in', () => startSession('another-members-token', 'Member')],
  ])('is not kept in this browser when %s meanwhile', async (_, meanwhile) => {
    const { held, release } = heldAnswer();
    answer('getMemberCard', async () => {
      await held;
      return reply('C01', cardResults(new Date()));
    });
    signIn();
    renderApp('/member_card');
    await screen.findByText('載入中...');

    meanwhile();
    release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(localStorage.getItem('member_card')).toBeNull();
  });
});

describe('the way to the card', () => {
  it('sends a visitor without a session to /login, to come back to the card after signing in', async () => {
    const { router } = renderApp('/member_card');
    expect(await screen.findByRole('button', { name: '登入' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(JSON.parse(sessionStorage.getItem('return_path') ?? '{}').path).toBe('/member_card');
  });
});
