import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../server/lib/paths';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { rcOf, registerPayload } from './helpers/registration';

/**
 * Behind a load balancer that appends the address it saw to X-Forwarded-For, everything to the
 * left of that is the client's own writing. TRUST_PROXY names the proxies in front (a hop count or
 * their addresses), so the limits count the address the load balancer saw, whatever the client adds.
 */
const LOAD_BALANCER = '10.0.0.9';
const CLIENT = '198.51.100.7';
const spoofed = (i: number) => `203.0.113.${i}, ${CLIENT}`;

describe.each([
  ['a hop count', '1'],
  ['the load balancer addresses', '10.0.0.0/8'],
])('the client address behind TRUST_PROXY set to %s', (_, trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        TRUST_PROXY: trustProxy,
        RATE_LIMIT_PER_MINUTE: '5',
        RATE_LIMIT_CHECKS_PER_MINUTE: '3',
        SMS_PER_ADDRESS_PER_HOUR: '2',
      },
    });
  });
  afterAll(() => t.close());

  const get = (forwardedFor: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/member/redirect_location',
      remoteAddress: LOAD_BALANCER,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts API calls against the address the load balancer saw, whatever the client writes before it', async () => {
    for (let i = 0; i < 5; i++) expect((await get(spoofed(i))).statusCode).toBe(200);
    expect((await get(spoofed(5))).statusCode).toBe(429);
    expect((await get('198.51.100.8')).statusCode).toBe(200);
  });

  it('counts logins against that address too', async () => {
    const login = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: pathOf('login'),
        payload: {},
        remoteAddress: LOAD_BALANCER,
        headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.20` },
      });
    for (let i = 0; i < 3; i++) expect((await login(i)).statusCode).toBe(400);
    expect((await login(3)).statusCode).toBe(429);
  });

  it('sends at most SMS_PER_ADDRESS_PER_HOUR codes to that address', async () => {
    const register = (i: number) =>
      rcOf(
        postSigned(
          t,
          '/app-api/member/register',
          { request_parameter: { register: registerPayload({ mobile: `095500000${i}` }) } },
          { from: LOAD_BALANCER, headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.30` } },
        ),
      );
    expect(await register(1)).toBe('C01');
    expect(await register(2)).toBe('C01');
    expect(await register(3)).toBe('SMS_SEND_LIMIT');
  });
});
