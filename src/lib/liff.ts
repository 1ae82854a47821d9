import { type AppConfig, appConfig } from '../config';
import { deviceUuid } from './storage';

/** The part of the LIFF SDK the app uses. */
export interface LineSdk {
  isInClient(): boolean;
  isLoggedIn(): boolean;
  login(options?: { redirectUri?: string }): void;
  getAccessToken(): string | null;
}

const IN_LINE_APP = / Line\//;
const LIFF_QUERY_KEYS = ['liff.state', 'code', 'state', 'liffClientId'];

/** Inside LINE, or back from a LINE login: LIFF must settle the URL before the router reads it. */
export function needsLiffAtBoot(url: URL, userAgent: string): boolean {
  return IN_LINE_APP.test(userAgent) || LIFF_QUERY_KEYS.some((key) => url.searchParams.has(key));
}

/** No LIFF app configured (or a demo server): LINE login is played by liff-mock. */
export const isLineDemo = (config: AppConfig = appConfig()): boolean => config.demoMode || !config.liffId;

let loading: Promise<LineSdk> | null = null;

/** Loads and initialises LIFF once; the SDK is its own chunk so desktop visitors never fetch it up front. */
export function loadLiff(): Promise<LineSdk> {
  if (!loading) {
    const config = appConfig();
    const liffId = isLineDemo(config) ? null : config.liffId;
    loading = import('./liff-sdk').then(({ initLiff }) => initLiff(liffId, `demo.${deviceUuid()}`));
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** The LINE access token once the member has logged in to LINE, else null. */
export async function lineAccessToken(): Promise<string | null> {
  const liff = await loadLiff();
  return liff.isLoggedIn() ? liff.getAccessToken() : null;
}

/**
 * Starts LINE login. LINE sends the member back to `redirectUri` and the token is read then;
 * the demo SDK logs in on the spot, so its token is answered at once.
 */
export async function signInWithLine(redirectUri: string): Promise<string | null> {
  const liff = await loadLiff();
  if (liff.isLoggedIn()) return liff.getAccessToken();
  liff.login({ redirectUri });
  return isLineDemo() ? liff.getAccessToken() : null;
}
