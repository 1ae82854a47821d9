import { CARD_PAGE } from '#protocol/card-app';
import { asCallFailure } from '../api/client';
import { type AppConfig, appConfig } from '../config';
import { loginTexts } from '../i18n/zh-TW/login';
import type { LineSdk } from './line-sdk';
import { deviceUuid } from './storage';
import { within } from './within';

export type { LineSdk, LineTextMessage } from './line-sdk';

const IN_LINE_APP = / Line\//;
const LIFF_QUERY_KEYS = ['liff.state', 'code', 'state', 'liffClientId', 'liffOAuth2Error'];
/** What LINE login sends back when it did not log the member in, as LIFF reads it from the query. */
const LINE_LOGIN_ERROR_KEYS = ['error', 'error_description', 'liffOAuth2Error'];
/**
 * The error codes LINE login can send back (RFC 6749 section 4.1.2.1, and OpenID Connect's): only
 * these are quoted, since a code of a link's own choosing (`contact_us_at_line_id_x`) is words too.
 */
const OAUTH_ERROR_CODES = new Set([
  'invalid_request',
  'unauthorized_client',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
  'login_required',
  'consent_required',
  'interaction_required',
]);

/**
 * Inside LINE, or back from a LINE login: LIFF must settle the URL before the router reads it.
 * Not for the member card's own address inside LINE (a bookmark, or its page kept for a visit with
 * no network, decision 0017): the card needs nothing of LIFF, and at the till LINE's servers may
 * not answer for seconds; LIFF starts when an action asks for it.
 */
export function needsLiffAtBoot(url: URL, userAgent: string): boolean {
  if (LIFF_QUERY_KEYS.some((key) => url.searchParams.has(key))) return true;
  return IN_LINE_APP.test(userAgent) && url.pathname !== CARD_PAGE;
}

/** No LIFF app configured: LINE is played by liff-mock, and the server runs its demo LINE. */
export const isLineDemo = (config: AppConfig = appConfig()): boolean => !config.liffId;

/** A LINE login that came back with an error: its message is the app's own words, whole, for the member. */
export class LineLoginError extends Error {}

/**
 * LIFF fails to start whenever the query carries `error` and `liffOAuth2Error`, with a message built
 * from `error` and `error_description`. Anyone can write those into a link shared in a LINE chat, and
 * the app would show them on the brand's page; so the member is told in the app's words instead,
 * with at most a code that fits OAuth's grammar.
 */
function lineLoginErrorIn(search: string): LineLoginError | null {
  const query = new URLSearchParams(search);
  const code = query.get('error');
  if (!code || !query.has('liffOAuth2Error')) return null;
  if (code === 'access_denied') return new LineLoginError(loginTexts.lineCancelled);
  return new LineLoginError(OAUTH_ERROR_CODES.has(code) ? loginTexts.lineFailedWith(code) : loginTexts.lineFailed);
}

/** LINE login's error leaves the address once LIFF has settled, so a reload does not tell it again. */
function dropLineLoginError(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('liffOAuth2Error')) return;
  for (const key of LINE_LOGIN_ERROR_KEYS) url.searchParams.delete(key);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

let loading: Promise<LineSdk> | null = null;
/** LIFF once it has started on this page; null while it starts, stalls or has failed. */
let started: LineSdk | null = null;

/** Loads and initialises LIFF once; the SDK is its own chunk so desktop visitors never fetch it up front. */
export function loadLiff(): Promise<LineSdk> {
  if (!loading) {
    const config = appConfig();
    const liffId = isLineDemo(config) ? null : config.liffId;
    // The SDK's code (or the demo's mock) lost on a weak signal is the connection, not LINE's
    // refusal: said in the member's words, as the browser's own message names the script's address.
    loading = import('./liff-sdk')
      .then(({ initLiff }) => {
        // Read as LIFF is about to read it: the error in the address, not LIFF's message, is what LIFF failed on.
        const lineLoginError = lineLoginErrorIn(window.location.search);
        return initLiff(liffId, `demo.${deviceUuid()}`).then(
          (sdk) => {
            started = sdk;
            return sdk;
          },
          (error: unknown) => {
            throw lineLoginError ?? error;
          },
        );
      })
      .catch((error: unknown) => {
        throw asCallFailure(error);
      });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

let bootFailure: Error | null = null;

/**
 * How long the app waits for LIFF to start, at boot and when the member asks for LINE login.
 * LIFF's start asks LINE's servers, and on a weak signal that request can stall with no error:
 * the member who opened the app from LINE would see the page's outline and nothing more, and
 * one who tapped LINE login a spinner. LIFF usually starts in well under a second.
 */
export const LIFF_WAIT_MS = 10_000;

/** LIFF once started, or null when it has not started within `waitMs` (it may still start later). */
const liffWithin = (waitMs: number): Promise<LineSdk | null> => within(loadLiff(), waitMs);

/**
 * LINE did not answer LIFF's start in time. The start stays this page's, still waiting: a later tap
 * waits on it again, and only loading the page again starts LIFF afresh.
 */
export class LineNoAnswer extends Error {}

/** LIFF once started; LINE not answering within LIFF_WAIT_MS fails like LIFF's own failures. */
async function startedLiff(): Promise<LineSdk> {
  const liff = await liffWithin(LIFF_WAIT_MS);
  if (!liff) throw new LineNoAnswer(loginTexts.lineNoAnswer);
  return liff;
}

/**
 * Boot, before the router reads the URL: inside LINE or back from LINE, LIFF settles LINE's query
 * (and completes a LINE login); a failure, or LINE not answering in time, is kept for the login
 * screen to show, and the app starts all the same. LINE login's error, once told, leaves the address.
 */
export async function settleLiffAtBoot(userAgent: string = navigator.userAgent): Promise<Error | null> {
  if (!needsLiffAtBoot(new URL(window.location.href), userAgent)) return null;
  try {
    await startedLiff();
  } catch (error) {
    bootFailure = error instanceof Error ? error : new Error(String(error));
  }
  followLiffState();
  dropLineLoginError();
  return bootFailure;
}

/** LIFF's failure at boot, once: the screen that shows it takes it. */
export function takeLiffBootFailure(): Error | null {
  const failure = bootFailure;
  bootFailure = null;
  return failure;
}

/**
 * A LIFF URL's path and query (`https://liff.line.me/<id>/registerFirst?referrer_code=...`) arrive as
 * `liff.state`. The LIFF SDK moves there itself; in demo mode, or when LIFF failed, the app does it,
 * so a deep link still lands on its screen. Only a path of this origin is followed.
 */
export function followLiffState(): void {
  const url = new URL(window.location.href);
  const state = url.searchParams.get('liff.state');
  if (state === null) return;
  url.searchParams.delete('liff.state');
  let target = new URL(state.startsWith('/') ? state : `/${state}`, url.origin);
  if (target.origin !== url.origin) target = url;
  for (const [key, value] of url.searchParams) {
    if (!target.searchParams.has(key)) target.searchParams.append(key, value);
  }
  window.history.replaceState(window.history.state, '', `${target.pathname}${target.search}${target.hash || url.hash}`);
}

/** The LINE access token once the member has logged in to LINE, else null. */
export async function lineAccessToken(): Promise<string | null> {
  const liff = await startedLiff();
  return liff.isLoggedIn() ? liff.getAccessToken() : null;
}

/**
 * Starts LINE login. Inside LINE the member is logged in already; elsewhere LINE sends the
 * member back to `redirectUri` and the token is read then. The demo SDK logs in on the spot.
 * Outside LINE, a LINE login this browser still holds is not taken for the member who taps: it
 * may be the last person's, who signed in or registered with LINE here and then signed out (or
 * whose session ended), and taking it signed the next person in as them, or bound their LINE to
 * the next person's account. LINE is asked who taps; its own login page says whose account it is.
 */
export async function signInWithLine(redirectUri: string): Promise<string | null> {
  const liff = await startedLiff();
  if (liff.isLoggedIn()) {
    if (liff.isInClient()) return liff.getAccessToken();
    liff.logout();
  }
  liff.login({ redirectUri });
  return isLineDemo() ? liff.getAccessToken() : null;
}

/** How long signing out waits for LIFF to start before it goes on without it. */
const LINE_LOGOUT_WAIT_MS = 3000;

/**
 * Signing out of the app after a LINE sign-in also ends LIFF's LINE login on this page, so the
 * next LINE sign-in asks LINE again. It never holds the member up: a LIFF that fails, or is slow
 * to start, is left as it is.
 */
export async function logOutOfLine(): Promise<void> {
  try {
    const liff = await liffWithin(LINE_LOGOUT_WAIT_MS);
    if (liff?.isLoggedIn()) liff.logout();
  } catch {
    // LIFF could not start, so it holds no LINE login of this page to end.
  }
}

/**
 * LINE's share target picker, when the page's LIFF session offers it (inside LINE, or logged in to
 * LINE here). LIFF is neither started nor waited for: a share must follow the tap at once, or the
 * browser refuses the fallback share sheet; a page LIFF did not start on has no LINE login anyway;
 * and a start that LINE never answered (one bar of signal) would hold the tap with nothing shown,
 * and pop the picker up minutes later, out of nowhere.
 */
export function lineSharePicker(): LineSdk['shareTargetPicker'] | null {
  const liff = started;
  if (!liff?.isLoggedIn() || !liff.isApiAvailable('shareTargetPicker')) return null;
  return (messages) => liff.shareTargetPicker(messages);
}
