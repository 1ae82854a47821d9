import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES, VALIDATION_MESSAGES } from '#protocol';
import { LIMITS, loadConfig } from '../../server/config';
import { identityBindings } from '../../server/db/schema';
import { verifyToken } from '../../server/modules/tokens/service';
import { postSigned, startTestApp, TEST_ENV, type TestApp } from './helpers/app';
import { tableContents } from './helpers/database';
import { bindData, deadLineUrl, type FakeLine, lineUserId, startFakeLine } from './helpers/fake-line';
import { addMember } from './helpers/members';

const TIMEOUT_MS = 300;

let line: FakeLine;
let t: TestApp;

beforeAll(async () => {
  line = await startFakeLine();
  t = await startTestApp({ env: { LINE_API_BASE: line.url, LINE_API_TIMEOUT_MS: String(TIMEOUT_MS) } });
});
afterAll(async () => {
  await t.close();
  await line.close();
});
beforeEach(async () => {
  await t.reset();
  line.requests.length = 0;
});

const lineLogin = (app: TestApp, lineToken: string) =>
  postSigned(app, '/app-api/member/login_with_provider', { request_parameter: bindData(lineToken) });

const rcOf = async (app: TestApp, lineToken: string) => (await lineLogin(app, lineToken)).json().rcrm;

describe('POST /app-api/member/login_with_provider: LINE vouches for the token', () => {
  it('asks LINE to verify the token, then reads the LINE user from the profile with the token as Bearer', async () => {
    line.token('good-token', { kind: 'valid', userId: lineUserId(1) });
    expect(await rcOf(t, 'good-token')).toEqual({ RC: 'LINE_NOT_BOUND', RM: RC_MESSAGES.LINE_NOT_BOUND });
    expect(line.requests).toEqual([
      { path: '/oauth2/v2.1/verify?access_token=good-token', authorization: undefined },
      { path: '/v2/profile', authorization: 'Bearer good-token' },
    ]);
  });

  it('signs a bound LINE user in with a member token of the bound member', async () => {
    const member = await addMember(t);
    await t.db.insert(identityBindings).values({
      memberId: member.id,
      provider: 'line',
      providerUserId: lineUserId(2),
      createdAt: t.clock.now(),
    });
    line.token('bound-token', { kind: 'valid', userId: lineUserId(2) });
    const response = await lineLogin(t, 'bound-token');
    expect(response.json().rcrm).toEqual({ RC: 'C01', RM: RC_MESSAGES.C01 });
    const token = response.json().results.member_access_token;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect((await verifyToken(t.db, token, { kind: 'member' }, t.clock.now()))?.memberId).toBe(member.id);
  });

  it('refuses a token issued to another LINE channel without reading its profile', async () => {
    line.token('other-channel', { kind: 'valid', userId: lineUserId(3), clientId: '9999999999' });
    expect(await rcOf(t, 'other-channel')).toEqual({ RC: 'LINE_TOKEN_INVALID', RM: RC_MESSAGES.LINE_TOKEN_INVALID });
    expect(line.requests.map((r) => r.path)).toEqual(['/oauth2/v2.1/verify?access_token=other-channel']);
  });

  it('refuses a token LINE reports as expired', async () => {
    line.token('expired', { kind: 'expired' });
    expect((await rcOf(t, 'expired')).RC).toBe('LINE_TOKEN_INVALID');
  });

  it('refuses a token LINE answers with no time left', async () => {
    line.token('no-time-left', { kind: 'valid', userId: lineUserId(4), expiresIn: 0 });
    expect((await rcOf(t, 'no-time-left')).RC).toBe('LINE_TOKEN_INVALID');
  });

  it('refuses a token LINE does not know', async () => {
    expect((await rcOf(t, 'made-up-token')).RC).toBe('LINE_TOKEN_INVALID');
  });

  it('refuses when LINE is too slow, within the time limit', async () => {
    line.token('slow', { kind: 'slow' });
    const started = Date.now();
    expect((await rcOf(t, 'slow')).RC).toBe('LINE_TOKEN_INVALID');
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
  });

  it('refuses when LINE answers garbled JSON', async () => {
    line.token('garbled', { kind: 'bad-json' });
    expect((await rcOf(t, 'garbled')).RC).toBe('LINE_TOKEN_INVALID');
  });

  it('refuses when LINE fails with a server error', async () => {
    line.token('broken', { kind: 'server-error' });
    expect((await rcOf(t, 'broken')).RC).toBe('LINE_TOKEN_INVALID');
  });

  it('refuses a token with characters no access token has, without asking LINE', async () => {
    expect((await rcOf(t, 'bad token')).RC).toBe('LINE_TOKEN_INVALID');
    // A control character breaks the protocol's rule for every string: refused before any handler.
    expect(await rcOf(t, 'bad token\u0000')).toEqual({
      RC: 'PARAMETER_INVALID',
      RM: `${VALIDATION_MESSAGES.controlCharacters}（verify_data.line_token）`,
    });
    expect(line.requests).toEqual([]);
  });

  it('answers PARAMETER_INVALID for bind data of another source, and changes nothing', async () => {
    const before = await tableContents(t.db);
    const response = await postSigned(t, '/app-api/member/login_with_provider', {
      request_parameter: { ...bindData('good-token'), source: 'Facebook' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
    expect(await tableContents(t.db)).toEqual(before);
    expect(line.requests).toEqual([]);
  });
});

describe('when LINE is down', () => {
  it('refuses the token (connection refused) rather than failing', async () => {
    const down = await startTestApp({ env: { LINE_API_BASE: await deadLineUrl() } });
    try {
      const response = await lineLogin(down, 'any-token');
      expect(response.statusCode).toBe(200);
      expect(response.json().rcrm).toEqual({ RC: 'LINE_TOKEN_INVALID', RM: RC_MESSAGES.LINE_TOKEN_INVALID });
    } finally {
      await down.close();
    }
  });
});

describe('LINE_API_TIMEOUT_MS', () => {
  it('defaults to the limit and must be a whole number of milliseconds', () => {
    expect(loadConfig(TEST_ENV).lineApiTimeoutMs).toBe(LIMITS.lineApiTimeoutMs);
    expect(loadConfig({ ...TEST_ENV, LINE_API_TIMEOUT_MS: '1500' }).lineApiTimeoutMs).toBe(1500);
    for (const bad of ['soon', '10', '600000']) {
      expect(() => loadConfig({ ...TEST_ENV, LINE_API_TIMEOUT_MS: bad })).toThrowError(/LINE_API_TIMEOUT_MS/);
    }
  });
});
