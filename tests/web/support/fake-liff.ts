import type { LineSdk, LineTextMessage } from '../../../src/lib/liff';

/**
 * LINE as the app's LIFF boundary (`src/lib/liff-sdk`) would present it: a test sets what LINE
 * is like (logged in, its token, whether init fails) and reads what the app asked of it.
 * Use in a test file with:
 * `vi.mock('../../src/lib/liff-sdk', async () => (await import('./support/fake-liff')).fakeLiffModule);`
 */
export const fakeLine = {
  loggedIn: false,
  inClient: false,
  accessToken: 'line-access-token-123',
  shareTargetPicker: false,
  /** What the picker answers: a status when sent, nothing when the member closed it. */
  shareResult: { status: 'success' } as { status: 'success' } | undefined,
  initFailure: null as Error | null,
  /** Init waits for this first: LINE's servers not answering, as on a stalled connection. */
  initStall: null as Promise<void> | null,
  /** The picker failing (an old LINE, a refused permission). */
  shareFailure: null as Error | null,
  /** Every liff.login() redirectUri, and every share target picker's messages. */
  logins: [] as (string | undefined)[],
  shared: [] as LineTextMessage[][],
  /** The LIFF IDs init was called with (null: the demo mock). */
  inits: [] as (string | null)[],
  /** How many times liff.logout() was called. */
  logouts: 0,
};

export function resetFakeLine(): void {
  Object.assign(fakeLine, {
    loggedIn: false,
    inClient: false,
    accessToken: 'line-access-token-123',
    shareTargetPicker: false,
    shareResult: { status: 'success' },
    initFailure: null,
    initStall: null,
    shareFailure: null,
    logins: [],
    shared: [],
    inits: [],
    logouts: 0,
  });
}

const sdk: LineSdk = {
  isInClient: () => fakeLine.inClient,
  isLoggedIn: () => fakeLine.loggedIn,
  login: (options) => {
    fakeLine.logins.push(options?.redirectUri);
  },
  logout: () => {
    fakeLine.logouts += 1;
    fakeLine.loggedIn = false;
  },
  getAccessToken: () => (fakeLine.loggedIn ? fakeLine.accessToken : null),
  isApiAvailable: (api) => api === 'shareTargetPicker' && fakeLine.shareTargetPicker,
  shareTargetPicker: async (messages) => {
    fakeLine.shared.push(messages);
    if (fakeLine.shareFailure) throw fakeLine.shareFailure;
    return fakeLine.shareResult;
  },
};

export const fakeLiffModule = {
  async initLiff(liffId: string | null): Promise<LineSdk> {
    fakeLine.inits.push(liffId);
    if (fakeLine.initStall) await fakeLine.initStall;
    if (fakeLine.initFailure) throw fakeLine.initFailure;
    return sdk;
  },
};

export const DESKTOP_BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0 Safari/537.36';
export const LINE_APP = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari Line/15.1.0';
