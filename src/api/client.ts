import { CALL_ADDRESSES } from 'virtual:call-addresses';
import { isModuleNotFoundError } from '@tanstack/router-core';
import type { ApiBase, EndpointName, Params, Results } from '#protocol/endpoints';
import { withoutNamedField } from '#protocol/messages';
import { type ApiResponse, isRC, type RC, RC_MESSAGES } from '#protocol/rc';
import { APP_ID } from '#protocol/runtime-config';
import { appConfig } from '../config';
import { commonTexts } from '../i18n/zh-TW/common';
import { serverNow } from '../lib/server-clock';
import { endSession } from '../lib/session';
import { deviceUuid, storage } from '../lib/storage';
import { within } from '../lib/within';

/** A call that got no business answer: no answer at all (NETWORK_FAILURE), HTTP failure, or a body that is not ours. */
export class ApiError extends Error {
  readonly rc: string;
  constructor(rc: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.rc = rc;
  }
}

const systemError = () => new ApiError('SYSTEM_ERROR', RC_MESSAGES.SYSTEM_ERROR);

/** The `rc` of a call that got no answer at all: the member's connection, not the member system. */
export const NETWORK_FAILURE = 'NETWORK_FAILURE';
const networkFailure = () => new ApiError(NETWORK_FAILURE, commonTexts.networkFailure);

/**
 * How long a call may go unanswered. On one bar of signal a request can stall with no error, and
 * the browser would keep the member behind the loading overlay for minutes; the answers are a few
 * hundred bytes, so a call still silent after this long is not coming, and the member can try
 * again with everything they typed still in place.
 */
export const CALL_DEADLINE_MS = 20_000;

/** Whether an answer carries this result code. */
export const hasRc = (answer: ApiResponse<unknown>, rc: RC): boolean => answer.rcrm.RC === rc;

/** Whether the call got no answer at all (the member's connection), as opposed to any answer of the server. */
export const gotNoAnswer = (error: unknown): boolean => error instanceof ApiError && error.rc === NETWORK_FAILURE;

/**
 * A screen's failure as the member is told it: a screen's code that did not come (lost on a weak
 * signal, after the router's one reload, which is spared while the phone is offline:
 * `src/lib/screen-code.ts`) is the connection, as a call with no answer is.
 */
export const asCallFailure = (error: unknown): unknown => (isModuleNotFoundError(error) ? networkFailure() : error);

/** Whether the same call may well answer if tried again: no answer came, or the server failed. */
export const mayTryAgain = (error: unknown): boolean =>
  gotNoAnswer(error) || (error instanceof ApiError && error.rc === 'SYSTEM_ERROR');

/** The message a member sees for a failed call. */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiError ? error.message : RC_MESSAGES.SYSTEM_ERROR;

export type Language = 'zh-TW' | 'en';

/** A call's input: its parameters typed by its contract, the token it carries, the answer language. */
export type CallInput<N extends EndpointName> = {
  token?: string | null;
  language?: Language;
} & (undefined extends Params<N> ? { params?: Params<N> } : { params: Params<N> });

type CallArguments<N extends EndpointName> =
  undefined extends Params<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

/** Absolute URL of a path under a configured base (fetch needs one outside the browser too). */
export function apiUrl(base: ApiBase, path: string): string {
  return new URL(`${appConfig().apiBases[base]}${path}`, window.location.origin).toString();
}

// The AES and HMAC code (@noble) is needed with the first call, not to show a screen: it loads
// then, and is kept. A screen's first paint waits for less script.
const loadCrypto = () => import('./crypto');

/**
 * Code the page loads when it is needed (the signing code, a term's reader, a part of a screen),
 * waited for as a call is: on a weak signal it may be lost on the way or stall, and either is the
 * member's connection, told and tried again as a call with no answer is, never a system error and
 * never a wait for good. It gets a call's deadline; a later try asks the browser for it again.
 */
export async function loadedCode<T>(load: Promise<T>): Promise<T> {
  const code = await within(
    load.catch(() => null),
    CALL_DEADLINE_MS,
  );
  if (!code) throw networkFailure();
  return code;
}

const signingCode = () => loadedCode(loadCrypto());

/**
 * Starts loading the signing code before the call that needs it: /login's page does not carry it
 * (decision 0012), and on a weak signal the member's tap on the sign-in button would otherwise wait one more
 * round trip for it. Nothing is said if it is lost: the call asks for it again and tells why.
 */
export function loadSigningCodeAhead(): void {
  loadCrypto().catch(() => {});
}

/** A sensitive value, AES-encrypted with the configured secret (or `aesKey`, the aes_key cookie's). */
export async function encrypt(plaintext: string, aesKey: string = appConfig().aesKey): Promise<string> {
  return (await signingCode()).encryptValue(aesKey, plaintext);
}

export function identityHeaders(language: Language = 'zh-TW'): Record<string, string> {
  return { 'Accept-Language': language, 'app-id': APP_ID, 'device-uuid': deviceUuid() };
}

const isApiResponse = (body: unknown): body is ApiResponse<unknown> => {
  if (typeof body !== 'object' || body === null) return false;
  const rcrm = (body as { rcrm?: unknown }).rcrm;
  return (
    typeof rcrm === 'object' &&
    rcrm !== null &&
    typeof (rcrm as { RC?: unknown }).RC === 'string' &&
    typeof (rcrm as { RM?: unknown }).RM === 'string'
  );
};

// A message a member can read has Chinese in it; anything else (a library's English) is not shown.
const READABLE = /\p{Script=Han}/u;

/** An RM as a member reads it: without the field it names, or the RC's own zh-TW message when it is not readable. */
function memberMessage({ RC, RM }: { RC: string; RM: string }): string {
  const message = withoutNamedField(RM);
  if (READABLE.test(message)) return message;
  return isRC(RC) ? RC_MESSAGES[RC] : RC_MESSAGES.SYSTEM_ERROR;
}

/**
 * A refusal of a signed call's stamp (TIMESTAMP_INVALID) that this phone's clock explains: the
 * answer's Date header put the server's time far from the phone's, and now it is known.
 */
class StampedOffClock extends ApiError {}

/** Further than this from the server's time, and a phone's clock explains a refused stamp. */
const CLOCK_EXPLAINS_MS = 60_000;

/**
 * Learns the server's clock from a refused stamp's answer (every answer carries its Date). A
 * phone set by hand, or to another time zone with the time typed in, is minutes or hours off, and
 * the server refuses a stamp more than 300 s from its own time: every signed call would fail.
 * True when the phone's clock explains the refusal, so the call may go again, newly stamped.
 */
function learnServerClock(response: Response): boolean {
  const serverTime = Date.parse(response.headers.get('date') ?? '');
  if (Number.isNaN(serverTime)) return false;
  const ahead = serverTime - Date.now();
  if (Math.abs(ahead - (storage.serverClockAhead.get() ?? 0)) < CLOCK_EXPLAINS_MS) return false;
  storage.serverClockAhead.set(ahead);
  return true;
}

async function send(url: string, init: RequestInit): Promise<ApiResponse<unknown>> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), CALL_DEADLINE_MS);
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, { ...init, signal: deadline.signal });
    body = await response.json();
  } catch (error) {
    // A body that is not JSON came from something between the member and us; anything else
    // (no connection, a dropped one, the deadline) means no answer reached the phone.
    throw error instanceof SyntaxError ? systemError() : networkFailure();
  } finally {
    clearTimeout(timer);
  }
  if (!isApiResponse(body)) throw systemError();
  // Every RM shown anywhere comes through here, so no screen can show a field name.
  const answer = { ...body, rcrm: { RC: body.rcrm.RC, RM: memberMessage(body.rcrm) } };
  // Protocol rejections (rate limit, clock, signature) carry an RM worth showing.
  if (!response.ok) {
    const offClock = hasRc(answer, 'TIMESTAMP_INVALID') && learnServerClock(response);
    throw new (offClock ? StampedOffClock : ApiError)(answer.rcrm.RC, answer.rcrm.RM);
  }
  return answer;
}

/** The address of a call of the contract, under its configured base. */
export function callUrl(name: EndpointName): string {
  const { base, path } = CALL_ADDRESSES[name];
  return apiUrl(base, path);
}

/**
 * The answer of a call. In development and tests every C01 answer is checked against its contract,
 * so a server (or a test double) that answers the wrong shape fails there; production builds trust
 * the server and never load the contract's schemas (the branch is gone from the build).
 */
async function checked<N extends EndpointName>(
  name: N,
  answer: ApiResponse<unknown>,
): Promise<ApiResponse<Results<N>>> {
  if (import.meta.env.DEV && answer.rcrm.RC === 'C01') {
    const [v, { ENDPOINTS }] = await Promise.all([import('valibot'), import('#protocol/endpoints')]);
    const parsed = v.safeParse(ENDPOINTS[name].results, answer.results);
    if (!parsed.success) {
      throw new Error(`${name}: results break the contract: ${v.summarize(parsed.issues)}`);
    }
  }
  return answer as ApiResponse<Results<N>>;
}

/** POSTs a signed envelope to a call of the contract and answers `{rcrm, results}` whatever the RC. */
export async function callApi<N extends EndpointName>(
  name: N,
  ...[input]: CallArguments<N>
): Promise<ApiResponse<Results<N>>> {
  const { base, path, method } = CALL_ADDRESSES[name];
  const { token, params, language } = (input ?? {}) as { token?: string | null; params?: object; language?: Language };
  const { buildEnvelope } = await signingCode();
  const call = { token, request_parameter: params as Record<string, unknown> | undefined };
  const post = () =>
    send(apiUrl(base, path), {
      method,
      headers: { 'Content-Type': 'application/json', ...identityHeaders(language) },
      body: JSON.stringify(buildEnvelope(appConfig().signKey, call, serverNow())),
    });
  // The server refused the stamp before doing anything, so the call is safe to send again, once.
  const answer = await post().catch((error: unknown) => {
    if (error instanceof StampedOffClock) return post();
    throw error;
  });
  if (token && hasRc(answer, 'TOKEN_INVALID')) sessionRefused(token);
  return checked(name, answer);
}

/**
 * The server refused `token` (TOKEN_INVALID). When it is this device's session (its year is over,
 * or the password was changed or reset elsewhere), the session ends here too, whichever screen
 * asked, so none goes on as signed in. A temp token of registration or recovery refused is the
 * flow's own business.
 */
export function sessionRefused(token: string): void {
  if (token === storage.memberAuth.get()?.token) endSession();
}

/**
 * GETs a call answered in the same `{rcrm, results}` shape at `url`: the call's own address, or
 * one that stands in for it (a saved rurl answers like redirect_location).
 */
export async function getApi<N extends EndpointName>(
  name: N,
  url: string,
  headers: Record<string, string>,
): Promise<ApiResponse<Results<N>>> {
  const answer = await send(url, {
    method: 'GET',
    headers: { Accept: 'application/json', ...identityHeaders(), ...headers },
  });
  return checked(name, answer);
}
