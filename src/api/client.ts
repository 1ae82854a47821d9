import { encryptValue } from '#protocol/crypto';
import type { ApiBase, Endpoint } from '#protocol/endpoints';
import { buildEnvelope } from '#protocol/envelope';
import { type ApiResponse, type RC, RC_MESSAGES } from '#protocol/rc';
import { APP_ID } from '#protocol/runtime-config';
import { appConfig } from '../config';
import { deviceUuid } from '../lib/storage';

/** A call that got no business answer: network down, HTTP failure, or a body that is not ours. */
export class ApiError extends Error {
  readonly rc: string;
  constructor(rc: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.rc = rc;
  }
}

const systemError = () => new ApiError('SYSTEM_ERROR', RC_MESSAGES.SYSTEM_ERROR);

/** Whether an answer carries this result code. */
export const hasRc = (answer: ApiResponse<unknown>, rc: RC): boolean => answer.rcrm.RC === rc;

/** The message a member sees for a failed call. */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiError ? error.message : RC_MESSAGES.SYSTEM_ERROR;

export type Language = 'zh-TW' | 'en';

export interface CallInput {
  token?: string | null;
  params?: object;
  language?: Language;
}

/** Absolute URL of a path under a configured base (fetch needs one outside the browser too). */
export function apiUrl(base: ApiBase, path: string): string {
  return new URL(`${appConfig().apiBases[base]}${path}`, window.location.origin).toString();
}

/** A sensitive value, AES-encrypted with the configured secret. */
export const encrypt = (plaintext: string): string => encryptValue(appConfig().aesKey, plaintext);

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

async function send<R>(url: string, init: RequestInit): Promise<ApiResponse<R>> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, init);
    body = await response.json();
  } catch {
    throw systemError();
  }
  if (!isApiResponse(body)) throw systemError();
  // Protocol rejections (rate limit, clock, signature) carry an RM worth showing.
  if (!response.ok) throw new ApiError(body.rcrm.RC, body.rcrm.RM || RC_MESSAGES.SYSTEM_ERROR);
  return body as ApiResponse<R>;
}

/** POSTs a signed envelope to an endpoint and answers `{rcrm, results}` whatever the RC. */
export function callApi<R>(endpoint: Endpoint, input: CallInput = {}): Promise<ApiResponse<R>> {
  const envelope = buildEnvelope(appConfig().signKey, {
    token: input.token,
    request_parameter: input.params as Record<string, unknown> | undefined,
  });
  return send<R>(apiUrl(endpoint.base, endpoint.path), {
    method: endpoint.method,
    headers: { 'Content-Type': 'application/json', ...identityHeaders(input.language) },
    body: JSON.stringify(envelope),
  });
}

/** GETs a JSON answer in the same `{rcrm, results}` shape (redirect-location calls). */
export function getApi<R>(url: string, headers: Record<string, string>): Promise<ApiResponse<R>> {
  return send<R>(url, { method: 'GET', headers: { Accept: 'application/json', ...identityHeaders(), ...headers } });
}
