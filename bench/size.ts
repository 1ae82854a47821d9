import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BrowserContextOptions, chromium, type LaunchOptions } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { taipeiTimestamp } from '../protocol/time';
import { buildApp } from '../server/app';
import { type Database, openDatabase } from '../server/db/client';
import { createMember } from '../server/modules/members/service';
import { issueToken } from '../server/modules/tokens/service';
import { BENCH_MEMBER, benchConfig } from './config';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = `${ROOT}dist`;
const use = playwrightConfig.use ?? {};
export const LAUNCH: LaunchOptions = use.launchOptions ?? {};
// The e2e suite's phone, so the figures match what the e2e tests load.
export const PHONE: BrowserContextOptions = {
  viewport: use.viewport ?? null,
  screen: use.screen,
  deviceScaleFactor: use.deviceScaleFactor,
  isMobile: use.isMobile,
  hasTouch: use.hasTouch,
  locale: use.locale,
  timezoneId: use.timezoneId,
};
const MOBILE_UA = use.userAgent ?? '';
// LINE's in-app browser appends its own token to the system WebView's agent.
const LINE_UA = `${MOBILE_UA} Line/14.0.0/IAB`;

export const CHROMIUM_FLAGS = LAUNCH.args ?? [];
export const CHROMIUM_PATH = LAUNCH.executablePath;

export interface PageScripts {
  url: string;
  scripts: { url: string; rawBytes: number; gzipBytes: number; sentBytes: number }[];
  gzipBytes: number;
  /** What went over the wire for those scripts: the server's own compression (Content-Encoding). */
  sentBytes: number;
  /** Requests to other origins, blocked so the figure is the app's own code on any network. */
  blocked: string[];
}

function ensureBuilt(log: (line: string) => void): void {
  if (existsSync(`${DIST}/index.html`)) return;
  log('dist/ missing: npm run build:web…');
  const build = spawnSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
}

/** The session a signed-in member's page starts with, as the app keeps it after a login. */
function sessionScript(token: string): string {
  const auth = JSON.stringify({ token, expireTime: taipeiTimestamp(new Date(Date.now() + 86_400_000)) });
  return `localStorage.setItem('memberAuth', ${JSON.stringify(auth)});
    localStorage.setItem('login_type', 'Member');
    sessionStorage.setItem('member_access_token', ${JSON.stringify(token)});`;
}

async function scriptsOf(userAgent: string, url: string, memberToken?: string): Promise<PageScripts> {
  const browser = await chromium.launch(LAUNCH);
  try {
    const page = await (await browser.newContext({ ...PHONE, userAgent })).newPage();
    if (memberToken) await page.addInitScript(sessionScript(memberToken));
    const origin = new URL(url).origin;
    const blocked: string[] = [];
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(origin)) return route.continue();
      blocked.push(route.request().url());
      return route.abort();
    });
    const failed: string[] = [];
    const pending: Promise<PageScripts['scripts'][number] | null>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      if (!response.ok()) failed.push(`${response.status()} ${response.url()}`);
      pending.push(
        Promise.all([response.body(), response.request().sizes()]).then(
          ([body, sizes]) => ({
            url: response.url(),
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            sentBytes: sizes.responseBodySize,
          }),
          (error: unknown) => {
            failed.push(`${response.url()}: ${error instanceof Error ? error.message : error}`);
            return null;
          },
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The screen must have rendered, or the figure would be that of a broken page.
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    // …and be the screen asked for, not the login screen a missing session sends a member to.
    if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} went to ${page.url()}`);
    const bodies = await Promise.all(pending);
    // A missing chunk (dist/ rebuilt mid-run, say) would make the figure silently small.
    if (failed.length > 0) throw new Error(`script requests failed on ${url}: ${failed.join(', ')}`);
    const seen = new Set<string>();
    const scripts = bodies.filter(
      (script): script is NonNullable<typeof script> =>
        script !== null && !seen.has(script.url) && !!seen.add(script.url),
    );
    const total = (key: 'gzipBytes' | 'sentBytes') => scripts.reduce((sum, script) => sum + script[key], 0);
    return { url, scripts, gzipBytes: total('gzipBytes'), sentBytes: total('sentBytes'), blocked };
  } finally {
    await browser.close();
  }
}

/** Runs `work` against the built app served by the real server (in process, port 0), then stops it. */
export async function withBuiltApp<T>(
  log: (line: string) => void,
  work: (origin: string, database: Database) => Promise<T>,
): Promise<T> {
  ensureBuilt(log);
  const database = await openDatabase({});
  const app = await buildApp({ config: benchConfig(), database, distDir: DIST, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('server has no TCP address');
    return await work(`http://127.0.0.1:${address.port}`, database);
  } finally {
    await app.close();
    await database.close();
  }
}

/** A screen with a JavaScript budget of its own (bench/budget.json `screens`). */
export interface BudgetedScreen {
  path: string;
  /** Opened by a signed-in member (a real session on the bench's database), else by a visitor. */
  signedIn: boolean;
}

/**
 * The JavaScript `/login` pulls in an ordinary mobile browser and in LINE (where LIFF starts at
 * boot), and each of `screens` in an ordinary mobile browser, opened as its member would.
 */
export function measurePageScripts(log: (line: string) => void, screens: readonly BudgetedScreen[]) {
  return withBuiltApp(log, async (origin, database) => {
    log('/login in a mobile browser…');
    const browser = await scriptsOf(MOBILE_UA, `${origin}/login`);
    log('/login in LINE…');
    const line = await scriptsOf(LINE_UA, `${origin}/login`);
    if (line.gzipBytes <= browser.gzipBytes)
      throw new Error('LINE loaded no more JavaScript than a browser: LIFF did not start at boot');
    const member = await createMember(database.db, { ...BENCH_MEMBER, isVerified: true }, new Date());
    const { token } = await issueToken(database.db, member.id, { kind: 'member' }, new Date());
    const screenPages: PageScripts[] = [];
    for (const screen of screens) {
      log(`${screen.path}${screen.signedIn ? ', signed in' : ''}…`);
      screenPages.push(await scriptsOf(MOBILE_UA, `${origin}${screen.path}`, screen.signedIn ? token : undefined));
    }
    return { browser, line, screens: screenPages, builtAt: statSync(`${DIST}/index.html`).mtime };
  });
}
