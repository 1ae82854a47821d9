import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import {
  AES_KEY_COOKIE,
  buildEnvelope,
  bytesToBase64,
  type EndpointName,
  MMRM_TOKEN_HEADER,
  signPayload,
  taipeiTimestamp,
  utf8,
} from '#protocol';
import { pathOf } from '../../../../server/lib/paths';
import { TEST_SIGN_KEY } from '../app';
import { fill, type Sealed, type World } from './placeholders';
import { awkwardJson, awkwardString, headerSafeString } from './values';

// Generators for the fuzz test: every request a client could send. An attempt is plain data, so
// fast-check can shrink and print it; it becomes a request only here, when it is sent, signed
// with the test key at the server's time. Bodies broken before any envelope is read are the same
// for signed and plain-JSON calls, so they live here, next to the shape they produce.

/** A generated request, as data. */
export type Attempt =
  /** Any body at all, with any content type (null: none). */
  | { raw: string | Uint8Array; contentType: string | null }
  /** A signed envelope as the web app builds it (`buildEnvelope`), with odd contents. */
  | { token: unknown; request_parameter: unknown; headers: Record<string, string> }
  /** A `sign` whose payload or signature is wrong, or whose correctly signed payload is garbage. */
  | { payload: Payload; signature: SignatureFault }
  /** A plain-JSON body (server-to-server); a till's call carries the live till key unless `authorization` says otherwise. */
  | { json: unknown; authorization?: string }
  /** The GET redirect_location: its query, the X-MMRM-TOKEN header and the aes_key cookie. */
  | { query: { x_token: Sealed } | { plain: string } | { raw: string }; header?: Sealed | string; cookie?: string };

export type Payload = { json: unknown } | { text: string } | { base64: string };
export type SignatureFault =
  | 'right'
  | 'none'
  | 'empty'
  | 'other key'
  | 'uppercase'
  | 'one digit off'
  | 'two dots'
  | string;

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
];

/** Bodies the JSON parser, the envelope's shape check or the Base64 and JSON decoding must turn away. */
export const brokenBody: fc.Arbitrary<Attempt> = fc.oneof(
  awkwardJson.map((json) => ({ json })),
  awkwardJson.map((sign) => ({ json: { sign } })),
  fc.tuple(awkwardString, awkwardString).map(([a, b]) => ({ json: { sign: `${a}.${b}` } })),
  fc.record({
    raw: fc.oneof(
      fc.constantFrom('', '{', '{"sign":', '{"sign":"a.b"', 'null', '[]', '{"sign":"\u0000"}', '{"__proto__":{"x":1}}'),
      fc.integer({ min: 1, max: 6_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
      awkwardString,
      fc.uint8Array({ maxLength: 64 }),
    ),
    contentType: fc.oneof(
      { weight: 4, arbitrary: fc.constant('application/json') },
      { weight: 2, arbitrary: fc.constantFrom(null, ...CONTENT_TYPES) },
      { weight: 1, arbitrary: headerSafeString },
    ),
  }),
);

/** WTF-8 percent-encoding: every code unit, a lone surrogate too, as a browser never would but a client may. */
function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const pair = unit >= 0xd800 && unit <= 0xdbff && /[\udc00-\udfff]/.test(text[i + 1] ?? '');
    const point = pair ? (text.codePointAt(i) as number) : unit;
    if (pair) i++;
    const bytes =
      point < 0x80
        ? [point]
        : point < 0x800
          ? [0xc0 | (point >> 6), 0x80 | (point & 63)]
          : point < 0x10000
            ? [0xe0 | (point >> 12), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63)]
            : [0xf0 | (point >> 18), 0x80 | ((point >> 12) & 63), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63)];
    out += bytes.map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
  return out;
}

function sign(payload: string, fault: SignatureFault): string {
  const right = signPayload(TEST_SIGN_KEY, payload);
  switch (fault) {
    case 'right':
      return `${payload}.${right}`;
    case 'none':
      return payload;
    case 'empty':
      return `${payload}.`;
    case 'other key':
      return `${payload}.${signPayload('another-sign-key', payload)}`;
    case 'uppercase':
      return `${payload}.${right.toUpperCase()}`;
    case 'one digit off':
      return `${payload}.${right.slice(0, -1)}${right.endsWith('0') ? '1' : '0'}`;
    case 'two dots':
      return `${payload}.${right}.${right}`;
    default:
      return `${payload}.${fault}`;
  }
}

/** The request an attempt stands for, on the server's path for the endpoint, at the server's time. */
export function toRequest(endpoint: EndpointName, attempt: Attempt, world: World, now: Date): InjectOptions {
  const url = pathOf(endpoint);
  // A till without its key is turned away before its body is read: most attempts carry the key.
  const till =
    endpoint === 'posVerifyMemberCard'
      ? { authorization: ('authorization' in attempt && attempt.authorization) || `Bearer ${world.tillKey}` }
      : {};
  if ('raw' in attempt) {
    const headers = attempt.contentType === null ? till : { ...till, 'content-type': attempt.contentType };
    const payload = typeof attempt.raw === 'string' ? attempt.raw : Buffer.from(attempt.raw);
    return { method: 'POST', url, headers, payload };
  }
  if ('json' in attempt) {
    const body = JSON.stringify(fill(attempt.json, world, now)) ?? 'null';
    return { method: 'POST', url, headers: { ...till, 'content-type': 'application/json' }, payload: body };
  }
  if ('payload' in attempt) {
    const { payload } = attempt;
    const base64 =
      'base64' in payload
        ? payload.base64
        : bytesToBase64(
            utf8('text' in payload ? payload.text : (JSON.stringify(fill(payload.json, world, now)) ?? '')),
          );
    return { method: 'POST', url, payload: { sign: sign(base64, attempt.signature) } };
  }
  if ('request_parameter' in attempt) {
    const token = fill(attempt.token, world, now);
    const request_parameter = fill(attempt.request_parameter, world, now) as Record<string, unknown>;
    // buildEnvelope leaves out an empty token, so an empty one is signed by hand like any other odd payload.
    const sign =
      token === ''
        ? buildSignedJson({ token, request_parameter, timestamp: taipeiTimestamp(now) })
        : buildEnvelope(TEST_SIGN_KEY, { token: token as string | null, request_parameter }, now);
    return { method: 'POST', url, headers: attempt.headers, payload: sign };
  }
  const headers: Record<string, string> = {};
  if (attempt.header !== undefined) headers[MMRM_TOKEN_HEADER] = fill(attempt.header, world, now) as string;
  if (attempt.cookie !== undefined) headers.cookie = `${AES_KEY_COOKIE}=${attempt.cookie}`;
  const { query: q } = attempt;
  const query =
    'raw' in q ? q.raw : `x_token=${percentEncode('plain' in q ? q.plain : (fill(q.x_token, world, now) as string))}`;
  return { method: 'GET', url: query ? `${url}?${query}` : url, headers };
}

function buildSignedJson(envelope: object): { sign: string } {
  return { sign: sign(bytesToBase64(utf8(JSON.stringify(envelope))), 'right') };
}
