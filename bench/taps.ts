import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { createMember } from '../server/modules/members/service';
import { BENCH_MEMBER } from './config';
import { LAUNCH, PHONE, withBuiltApp } from './size';

/**
 * A bus with one bar of signal: 400 ms round trip, 1.6 Mbps down and 750 kbps up (Lighthouse's
 * slow 4G bandwidth, with a longer round trip), applied by Chromium to every request of the page.
 */
const SLOW_LINK = { offline: false, latency: 400, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
/** Each figure is the median of this many runs, each in a fresh browser context (nothing cached). */
export const TAP_RUNS = 5;
/** A member types a character about every 100 ms; the screen's code may come meanwhile. */
const TYPING_DELAY_MS = 100;

export interface TapFigures {
  tap: string;
  /** From the tap to what it starts, the first time on the page. */
  firstMs: number;
  /** The same tap again on the same page, everything it needs already there: the floor. */
  againMs: number;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function slowPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
  return page;
}

/** Milliseconds from `tap` until `started` resolves. */
async function timed(tap: () => Promise<void>, started: () => Promise<unknown>): Promise<number> {
  const begun = performance.now();
  const done = started();
  await tap();
  await done;
  return performance.now() - begun;
}

/** /login: the member types the account and a password, taps 登入; until the login call leaves the phone. */
async function loginTap(origin: string, context: BrowserContext): Promise<[number, number]> {
  const page = await slowPage(context);
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('帳號').pressSequentially(BENCH_MEMBER.mobile, { delay: TYPING_DELAY_MS });
  await page.getByLabel('密碼', { exact: true }).pressSequentially('wrongpass1', { delay: TYPING_DELAY_MS });
  const submit = () => page.getByRole('button', { name: '登入', exact: true }).click();
  const callLeaves = () => page.waitForRequest((request) => request.url().endsWith('/member/login'));
  const first = await timed(submit, callLeaves);
  // The wrong password's notice, closed as a member would, then the same tap again.
  await page.getByRole('dialog', { name: '提示' }).getByRole('button').last().click();
  const again = await timed(submit, callLeaves);
  return [first, again];
}

/** /registerFirst: the member types the mobile, taps the first term; until it can be agreed to (readable). */
async function termTap(origin: string, context: BrowserContext): Promise<[number, number]> {
  const page = await slowPage(context);
  await page.goto(`${origin}/registerFirst`, { waitUntil: 'networkidle' });
  await page.getByLabel('手機號碼').pressSequentially('0987654321', { delay: TYPING_DELAY_MS });
  const term = page.getByRole('checkbox', { name: /^我已閱讀並同意「/ }).first();
  const agree = page.getByRole('dialog').getByRole('button', { name: '我已閱讀並同意條款' });
  const readable = () => agree.and(page.locator(':enabled')).waitFor();
  const first = await timed(() => term.click(), readable);
  await page.getByRole('dialog').getByRole('button', { name: '關閉' }).click();
  await agree.waitFor({ state: 'detached' });
  const again = await timed(() => term.click(), readable);
  return [first, again];
}

/**
 * Table 9: how long a member's tap waits on a slow link for what it needs, the first time on the
 * page and again (the floor, everything already loaded), medians of `TAP_RUNS` fresh contexts.
 */
export function measureTaps(log: (line: string) => void): Promise<TapFigures[]> {
  return withBuiltApp(log, async (origin, database) => {
    await createMember(database.db, { ...BENCH_MEMBER, isVerified: true }, new Date());
    const browser = await chromium.launch(LAUNCH);
    try {
      const taps = [
        { tap: '/login: 登入, until the call leaves', run: loginTap },
        { tap: '/registerFirst: a term, until it can be read', run: termTap },
      ];
      const figures: TapFigures[] = [];
      for (const { tap, run } of taps) {
        log(`${tap}…`);
        const firsts: number[] = [];
        const agains: number[] = [];
        for (let i = 0; i < TAP_RUNS; i++) {
          const context = await browser.newContext(PHONE);
          try {
            const [first, again] = await run(origin, context);
            firsts.push(first);
            agains.push(again);
          } finally {
            await context.close();
          }
        }
        figures.push({ tap, firstMs: median(firsts), againMs: median(agains) });
      }
      return figures;
    } finally {
      await browser.close();
    }
  });
}
