import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildEnvelope, openEnvelope, signPayload, taipeiTimestamp } from '#protocol';

const SECRET = 'sign-secret';
const NOW = new Date('2026-03-04T05:06:07Z');

function nodeSign(payload: string) {
  return createHmac('sha256', Buffer.from(SECRET, 'utf8')).update(payload, 'ascii').digest('hex');
}

function rawEnvelope(json: unknown, secret = SECRET) {
  const payload = Buffer.from(JSON.stringify(json), 'utf8').toString('base64');
  return { sign: `${payload}.${createHmac('sha256', secret).update(payload).digest('hex')}` };
}

describe('signed envelope', () => {
  it('is Base64 JSON, a dot, and lowercase hex HMAC-SHA256 as node:crypto computes it', () => {
    const { sign } = buildEnvelope(SECRET, { token: 'tok', request_parameter: { account: '甲' } }, NOW);
    const [payload, signature] = sign.split('.') as [string, string];
    expect(JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))).toEqual({
      timestamp: '2026/03/04 13:06:07',
      token: 'tok',
      request_parameter: { account: '甲' },
    });
    expect(signature).toBe(nodeSign(payload));
    expect(signPayload(SECRET, payload)).toBe(nodeSign(payload));
  });

  it('leaves the token out when there is none', () => {
    const { sign } = buildEnvelope(SECRET, { token: null }, NOW);
    const payload = sign.split('.')[0] as string;
    expect(JSON.parse(Buffer.from(payload, 'base64').toString())).toEqual({ timestamp: '2026/03/04 13:06:07' });
  });

  it('opens what it builds', () => {
    const body = buildEnvelope(SECRET, { request_parameter: { a: 1 } }, NOW);
    expect(openEnvelope(SECRET, body, NOW)).toEqual({
      ok: true,
      payload: { timestamp: '2026/03/04 13:06:07', request_parameter: { a: 1 } },
    });
  });

  it.each([
    ['no body', undefined],
    ['an array', []],
    ['no sign', {}],
    ['a numeric sign', { sign: 5 }],
    ['no dot', { sign: 'abc' }],
    ['two dots', { sign: 'a.b.c' }],
    ['bad Base64', { sign: `%%%.${nodeSign('%%%')}` }],
    ['Base64 of non-JSON', { sign: `${btoa('nope')}.${nodeSign(btoa('nope'))}` }],
    ['JSON that is not an object', rawEnvelope([1, 2])],
  ])('rejects %s as PARAMETER_INVALID', (_, body) => {
    expect(openEnvelope(SECRET, body, NOW)).toEqual({ ok: false, rc: 'PARAMETER_INVALID' });
  });

  it('rejects a wrong signature as SIGN_INVALID', () => {
    const body = rawEnvelope({ timestamp: taipeiTimestamp(NOW) }, 'another-secret');
    expect(openEnvelope(SECRET, body, NOW)).toEqual({ ok: false, rc: 'SIGN_INVALID' });
  });

  it('rejects wrong field types as PARAMETER_INVALID', () => {
    const ts = taipeiTimestamp(NOW);
    expect(openEnvelope(SECRET, rawEnvelope({ timestamp: ts, token: 5 }), NOW)).toMatchObject({
      rc: 'PARAMETER_INVALID',
    });
    expect(openEnvelope(SECRET, rawEnvelope({ timestamp: ts, request_parameter: 'x' }), NOW)).toMatchObject({
      rc: 'PARAMETER_INVALID',
    });
  });

  it.each([
    ['stale', -301],
    ['future', 301],
  ])('rejects a %s timestamp as TIMESTAMP_INVALID', (_, seconds) => {
    const body = rawEnvelope({ timestamp: taipeiTimestamp(new Date(NOW.getTime() + seconds * 1000)) });
    expect(openEnvelope(SECRET, body, NOW)).toEqual({ ok: false, rc: 'TIMESTAMP_INVALID' });
  });

  it('accepts a timestamp within 300 seconds', () => {
    const body = rawEnvelope({ timestamp: taipeiTimestamp(new Date(NOW.getTime() - 299_000)) });
    expect(openEnvelope(SECRET, body, NOW).ok).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['malformed', '2026-03-04 13:06:07'],
    ['impossible', '2026/02/30 13:06:07'],
  ])('rejects a %s timestamp', (_, timestamp) => {
    expect(openEnvelope(SECRET, rawEnvelope({ timestamp }), NOW)).toEqual({ ok: false, rc: 'TIMESTAMP_INVALID' });
  });
});
