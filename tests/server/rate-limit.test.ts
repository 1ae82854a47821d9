import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '../../protocol';
import { startTestApp, type TestApp } from './helpers/app';

const URL = '/api/member/redirect_location';
let plain: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  plain = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  proxied = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await plain.close();
  await proxied.close();
});

const call = (t: TestApp, from: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'GET',
    url: URL,
    remoteAddress: from,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('rate limit per client address (RATE_LIMIT_PER_MINUTE)', () => {
  it('answers RATE_LIMITED (429) past the limit, then lets the address in again the next minute', async () => {
    for (let i = 0; i < 3; i++) expect((await call(plain, '10.0.0.1')).statusCode).toBe(200);
    const limited = await call(plain, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ rcrm: { RC: 'RATE_LIMITED', RM: RC_MESSAGES.RATE_LIMITED }, results: {} });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(plain, '10.0.0.2')).statusCode).toBe(200);
    plain.clock.advance(60_000);
    expect((await call(plain, '10.0.0.1')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    plain.clock.advance(60_000);
    for (let i = 0; i < 3; i++) await call(plain, '10.0.0.3', `203.0.113.${i}`);
    expect((await call(plain, '10.0.0.3', '203.0.113.99')).statusCode).toBe(429);
  });

  it('counts the forwarded client address behind a trusted proxy', async () => {
    for (let i = 0; i < 3; i++) await call(proxied, '10.0.0.9', '198.51.100.7');
    expect((await call(proxied, '10.0.0.9', '198.51.100.7')).statusCode).toBe(429);
    expect((await call(proxied, '10.0.0.9', '198.51.100.8')).statusCode).toBe(200);
  });

  it('limits API calls only, not the health check or the pages', async () => {
    plain.clock.advance(60_000);
    for (let i = 0; i < 5; i++) {
      expect((await plain.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.0.0.4' })).statusCode).toBe(
        200,
      );
    }
    for (let i = 0; i < 3; i++) await call(plain, '10.0.0.4');
    expect((await call(plain, '10.0.0.4')).statusCode).toBe(429);
  });

  it('limits signed POST calls the same way', async () => {
    plain.clock.advance(60_000);
    const post = () =>
      plain.app.inject({ method: 'POST', url: '/app-api/member/login', payload: {}, remoteAddress: '10.0.0.5' });
    for (let i = 0; i < 3; i++) expect((await post()).statusCode).toBe(400);
    expect((await post()).statusCode).toBe(429);
  });
});
