import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base64ToBytes, bytesToBase64, fromUtf8, utf8 } from './base64';
import type { RC } from './rc';
import { parseTaipeiTimestamp, taipeiTimestamp } from './time';

/** The JSON object inside a signed request. */
export interface EnvelopePayload {
  token?: string;
  request_parameter?: Record<string, unknown>;
  timestamp: string;
}

export interface SignedBody {
  sign: string;
}

/** How far a request's timestamp may be from the server's clock. */
export const TIMESTAMP_TOLERANCE_SECONDS = 300;

/** Largest request body the server reads. */
export const MAX_BODY_BYTES = 16 * 1024;

export function signPayload(signSecret: string, payload: string): string {
  return bytesToHex(hmac(sha256, utf8(signSecret), utf8(payload)));
}

/** `{sign: base64(json).hex(hmac)}` for a call with an optional token and parameters. */
export function buildEnvelope(
  signSecret: string,
  input: { token?: string | null; request_parameter?: Record<string, unknown> },
  now: Date = new Date(),
): SignedBody {
  const body: EnvelopePayload = { timestamp: taipeiTimestamp(now) };
  if (input.token) body.token = input.token;
  if (input.request_parameter) body.request_parameter = input.request_parameter;
  const payload = bytesToBase64(utf8(JSON.stringify(body)));
  return { sign: `${payload}.${signPayload(signSecret, payload)}` };
}

export type OpenedEnvelope =
  | { ok: true; payload: EnvelopePayload }
  | { ok: false; rc: Extract<RC, 'PARAMETER_INVALID' | 'SIGN_INVALID' | 'TIMESTAMP_INVALID'> };

function equalInConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a request body in the order the protocol gives: shape, Base64 and JSON,
 * signature, then timestamp. Never throws.
 */
export function openEnvelope(signSecret: string, body: unknown, now: Date = new Date()): OpenedEnvelope {
  if (!isPlainObject(body) || typeof body.sign !== 'string') return { ok: false, rc: 'PARAMETER_INVALID' };
  const parts = body.sign.split('.');
  if (parts.length !== 2) return { ok: false, rc: 'PARAMETER_INVALID' };
  const [payload, signature] = parts as [string, string];
  const bytes = base64ToBytes(payload);
  const text = bytes && fromUtf8(bytes);
  if (!text) return { ok: false, rc: 'PARAMETER_INVALID' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(text);
  } catch {
    return { ok: false, rc: 'PARAMETER_INVALID' };
  }
  if (!isPlainObject(decoded)) return { ok: false, rc: 'PARAMETER_INVALID' };
  if (!equalInConstantTime(signature, signPayload(signSecret, payload))) return { ok: false, rc: 'SIGN_INVALID' };
  const { token, request_parameter, timestamp } = decoded;
  if (token !== undefined && token !== null && typeof token !== 'string') return { ok: false, rc: 'PARAMETER_INVALID' };
  if (request_parameter !== undefined && request_parameter !== null && !isPlainObject(request_parameter)) {
    return { ok: false, rc: 'PARAMETER_INVALID' };
  }
  const at = typeof timestamp === 'string' ? parseTaipeiTimestamp(timestamp) : null;
  if (!at || Math.abs(at.getTime() - now.getTime()) > TIMESTAMP_TOLERANCE_SECONDS * 1000) {
    return { ok: false, rc: 'TIMESTAMP_INVALID' };
  }
  const payloadOut: EnvelopePayload = { timestamp: timestamp as string };
  if (typeof token === 'string') payloadOut.token = token;
  if (isPlainObject(request_parameter)) payloadOut.request_parameter = request_parameter;
  return { ok: true, payload: payloadOut };
}
