import { HttpResponse, http } from 'msw';
import { decryptValue } from '#protocol/crypto';
import { AES_KEY_COOKIE, ENDPOINTS, type EndpointName, MMRM_TOKEN_HEADER } from '#protocol/endpoints';
import { type EnvelopePayload, openEnvelope } from '#protocol/envelope';
import { type ApiResponse, type RC, RC_HTTP_STATUS, rcrm } from '#protocol/rc';
import { APP_ID } from '#protocol/runtime-config';
import { COOKIE_AES_KEY, TEST_CONFIG } from './config';
import { server } from './server';

/** Wire mistakes the fake member API saw; the test setup fails any test that made one. */
export const protocolProblems: string[] = [];

export interface ApiCall {
  payload: EnvelopePayload;
  params: Record<string, unknown>;
  headers: Headers;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const urlOf = (name: EndpointName) => {
  const { base, path } = ENDPOINTS[name];
  return new URL(`${TEST_CONFIG.apiBases[base]}${path}`, window.location.origin).toString();
};

/** An answer as the server sends it: results are empty unless given. */
export function reply<R>(rc: RC, results?: R, message?: string): ApiResponse<R> {
  return { rcrm: rcrm(rc, message), results: results ?? ({} as R) };
}

function checkIdentityHeaders(where: string, headers: Headers, language: string): void {
  if (headers.get('accept-language') !== language)
    protocolProblems.push(`${where}: Accept-Language is not ${language}`);
  if (headers.get('app-id') !== APP_ID) protocolProblems.push(`${where}: app-id is not ${APP_ID}`);
  if (!UUID.test(headers.get('device-uuid') ?? '')) protocolProblems.push(`${where}: device-uuid is not a UUID`);
}

/** Checks a call as the member server does before opening its envelope: a JSON body and the identity headers. */
function checkRequest(name: EndpointName, request: Request): void {
  if (request.headers.get('content-type') !== 'application/json') protocolProblems.push(`${name}: not JSON`);
  checkIdentityHeaders(name, request.headers, name === 'compareEcMember' ? 'en' : 'zh-TW');
}

/** A call as the test reads it back. */
const callOf = (payload: EnvelopePayload, headers: Headers): ApiCall => ({
  payload,
  params: payload.request_parameter ?? {},
  headers,
});

type Responder = (call: ApiCall) => ApiResponse<unknown> | Promise<ApiResponse<unknown>> | Promise<never>;

/**
 * Answers one endpoint the way the member server would, after checking the request as the
 * server does: JSON body, signature, timestamp and headers. Answers every call made.
 */
export function answer(name: EndpointName, respond: Responder): ApiCall[] {
  const calls: ApiCall[] = [];
  server.use(
    http.post(urlOf(name), async ({ request }) => {
      checkRequest(name, request);
      const opened = openEnvelope(TEST_CONFIG.signKey, await request.json());
      if (!opened.ok) {
        protocolProblems.push(`${name}: envelope rejected with ${opened.rc}`);
        return HttpResponse.json(reply(opened.rc), { status: 400 });
      }
      const call = callOf(opened.payload, request.headers);
      calls.push(call);
      return HttpResponse.json(await respond(call));
    }),
  );
  return calls;
}

/**
 * Answers one endpoint as a member server whose clock is `aheadMs` ahead of this phone's: a stamp
 * more than the protocol's 300 s from its time is refused with TIMESTAMP_INVALID (HTTP 401), its
 * answer carrying the server's time in its Date header as every answer does; others get `respond`.
 * Records every call, refused or not.
 */
export function answerWithServerClock(name: EndpointName, aheadMs: number, respond: Responder): ApiCall[] {
  const calls: ApiCall[] = [];
  server.use(
    http.post(urlOf(name), async ({ request }) => {
      checkRequest(name, request);
      const serverNow = new Date(Date.now() + aheadMs);
      const body = await request.json();
      const opened = openEnvelope(TEST_CONFIG.signKey, body, serverNow);
      // A refused stamp is the phone's own time: read there, so the test sees every call made.
      const read = opened.ok ? opened : openEnvelope(TEST_CONFIG.signKey, body, new Date());
      if (read.ok) calls.push(callOf(read.payload, request.headers));
      else protocolProblems.push(`${name}: envelope stamped neither at the server's time nor at the phone's`);
      const headers = { Date: serverNow.toUTCString() };
      if (!opened.ok) return HttpResponse.json(reply(opened.rc), { status: RC_HTTP_STATUS[opened.rc] ?? 400, headers });
      return HttpResponse.json(await respond(calls.at(-1) as ApiCall), { headers });
    }),
  );
  return calls;
}

/** A sensitive value as the server reads it. */
export const decrypted = (value: unknown) =>
  typeof value === 'string' ? decryptValue(TEST_CONFIG.aesKey, value) : null;

export interface RedirectLocationCall {
  url: URL;
  /** The member token, read back from x_token (cookie secret) and X-MMRM-TOKEN (configured secret). */
  xToken: string | null;
  mmrmToken: string | null;
}

/** Answers a redirect-location GET at `url` (the member API's, or a saved rurl). */
export function answerRedirectLocation(
  url: string,
  respond: () => ApiResponse<unknown> | Response,
): RedirectLocationCall[] {
  const calls: RedirectLocationCall[] = [];
  server.use(
    http.get(url, ({ request }) => {
      checkIdentityHeaders('redirect_location', request.headers, 'zh-TW');
      const target = new URL(request.url);
      const header = request.headers.get(MMRM_TOKEN_HEADER);
      calls.push({
        url: target,
        xToken: decryptValue(COOKIE_AES_KEY, target.searchParams.get('x_token') ?? ''),
        mmrmToken: header ? decryptValue(TEST_CONFIG.aesKey, header) : null,
      });
      const answer = respond();
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
  return calls;
}

export const setAesKeyCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the server sets this cookie in real use; jsdom has no Cookie Store API.
  document.cookie = `${AES_KEY_COOKIE}=${encodeURIComponent(COOKIE_AES_KEY)}; path=/`;
};

/**
 * Answers one endpoint with a protocol rejection as the member server sends it: the RC's HTTP
 * status (400 for PARAMETER_INVALID) and its body. Records every call whose envelope opens.
 */
export function refuse(name: EndpointName, rc: RC, message?: string): ApiCall[] {
  const calls: ApiCall[] = [];
  server.use(
    http.post(urlOf(name), async ({ request }) => {
      checkRequest(name, request);
      const opened = openEnvelope(TEST_CONFIG.signKey, await request.json());
      if (!opened.ok) protocolProblems.push(`${name}: envelope rejected with ${opened.rc}`);
      else calls.push(callOf(opened.payload, request.headers));
      return HttpResponse.json(reply(rc, undefined, message), { status: RC_HTTP_STATUS[rc] ?? 200 });
    }),
  );
  return calls;
}

/** A promise the test lets go of (`release`) when it has looked at the screen while a call or loader waits on it. */
export function heldAnswer(): { held: Promise<void>; release: () => void } {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}
