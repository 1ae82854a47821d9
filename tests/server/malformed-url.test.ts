import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope, RC_MESSAGES } from '#protocol';
import { securityHeaders } from '../../server/plugins/security-headers';
import { startTestApp, TEST_SIGN_KEY, type TestApp } from './helpers/app';
import { captureLogs } from './helpers/logs';

const logs = captureLogs();
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ logger: logs.logger });
});
afterAll(() => t.close());

const SECRET = 'SECRETTOKENVALUE';
const BROKEN_ESCAPES = ['%ZZ', '%', '%E0%A4%A'];
const parameterInvalid = { rcrm: { RC: 'PARAMETER_INVALID', RM: RC_MESSAGES.PARAMETER_INVALID }, results: {} };

function expectSecurityHeaders(response: LightMyRequestResponse) {
  for (const [name, value] of Object.entries(securityHeaders(t.config)))
    expect(response.headers[name], name).toBe(value);
}

describe('a URL whose percent-encoding is broken', () => {
  it.each(BROKEN_ESCAPES)(
    'answers GET …redirect_location%s with PARAMETER_INVALID, the security headers, and nothing of the URL',
    async (brokenEscape) => {
      const url = `/api/member/redirect_location${brokenEscape}?x_token=${SECRET}`;
      const response = await t.app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(parameterInvalid);
      expect(response.body).not.toMatch(/SECRETTOKENVALUE|x_token|redirect_location|FST_/);
      expectSecurityHeaders(response);
    },
  );

  it.each(BROKEN_ESCAPES)('answers a signed POST to …/member/login%s with PARAMETER_INVALID', async (brokenEscape) => {
    const payload = buildEnvelope(TEST_SIGN_KEY, { request_parameter: {} }, t.clock.now());
    const response = await t.app.inject({ method: 'POST', url: `/app-api/member/login${brokenEscape}`, payload });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(parameterInvalid);
    expectSecurityHeaders(response);
  });

  it('leaves the query out of the log', async () => {
    const before = logs.text().length;
    await t.app.inject({ method: 'GET', url: `/api/member/redirect_location%ZZ?x_token=${SECRET}` });

    const log = logs.text().slice(before);
    expect(log).toContain('/api/member/redirect_location%ZZ');
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain('x_token');
  });
});

describe('other requests Fastify refuses before a handler runs still answer in the protocol’s shape', () => {
  it('answers a body of the wrong content type with PARAMETER_INVALID and the security headers', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/app-api/member/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'sign=abc',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(parameterInvalid);
    expectSecurityHeaders(response);
  });
});
