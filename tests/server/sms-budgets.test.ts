import { count } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { members } from '../../server/db/schema';
import { enc, postSigned, startTestApp, type TestApp } from './helpers/app';
import { captureLogs } from './helpers/logs';
import { addMember } from './helpers/members';
import { call, latestCode, outbox, rcOf, registerPayload } from './helpers/registration';
import { twoInstancesOverOneDatabase } from './helpers/two-instances';

const MINUTE = 60_000;
const logs = captureLogs();
// Every budget is counted where both instances see it; the logs read are the first's.
const servers = twoInstancesOverOneDatabase({
  env: { SMS_PER_ADDRESS_PER_HOUR: '10', SMS_MAX_PER_MINUTE: '1000' },
  first: { logger: logs.logger },
});
beforeEach(() => servers.first.reset());

const mobileNo = (i: number) => `09${String(10_000_000 + i).slice(-8)}`;
const register = (t: TestApp, mobile: string, from: string) =>
  postSigned(t, '/app-api/member/register', { request_parameter: { register: registerPayload({ mobile }) } }, { from });
const memberCount = async () => (await servers.first.db.select({ n: count() }).from(members))[0]?.n;

describe('SMS sends per client address (SMS_PER_ADDRESS_PER_HOUR)', () => {
  it('sends at most 10 codes for 60 registrations of 60 numbers from one address, across two instances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        rcOf(register(i % 2 ? servers.second : servers.first, mobileNo(i), '203.0.113.5')),
      ),
    );
    expect(answers.filter((rc) => rc === 'C01')).toHaveLength(10);
    expect(answers.filter((rc) => rc === 'SMS_SEND_LIMIT')).toHaveLength(50);
    expect(await outbox(servers.first)).toHaveLength(10);
    // A refused registration leaves nothing behind: the member may simply try again later.
    expect(await memberCount()).toBe(10);
  });

  it('tells the member to try later, and lets other addresses and the next hour through', async () => {
    for (let i = 0; i < 10; i++) expect(await rcOf(register(servers.first, mobileNo(i), '203.0.113.6'))).toBe('C01');
    const refused = await register(servers.first, mobileNo(10), '203.0.113.6');
    expect(refused.json().rcrm).toEqual({ RC: 'SMS_SEND_LIMIT', RM: RC_MESSAGES.SMS_SEND_LIMIT });
    expect(RC_MESSAGES.SMS_SEND_LIMIT).toContain('請稍後再試');
    expect(await rcOf(register(servers.second, mobileNo(11), '203.0.113.7'))).toBe('C01');
    servers.first.clock.advance(60 * MINUTE);
    expect(await rcOf(register(servers.second, mobileNo(12), '203.0.113.6'))).toBe('C01');
  });

  it("counts only the codes no one has entered: a store's members who verify do not use up its address", async () => {
    // A registration drive on the store's Wi-Fi: one address, every member entering the code they got.
    for (let i = 0; i < 25; i++) {
      const registered = await register(i % 2 ? servers.second : servers.first, mobileNo(200 + i), '203.0.113.10');
      expect(registered.json().rcrm.RC).toBe('C01');
      const temp = registered.json().results.temp_access_token;
      const verifyCode = await latestCode(servers.first, mobileNo(200 + i));
      expect(await rcOf(call(servers.first, 'register_verify', temp, { verify_code: verifyCode }))).toBe('C01');
    }
    // Codes sent and never entered still count: 10 of them, and the address waits.
    for (let i = 0; i < 10; i++)
      expect(await rcOf(register(servers.first, mobileNo(300 + i), '203.0.113.10'))).toBe('C01');
    expect(await rcOf(register(servers.second, mobileNo(310), '203.0.113.10'))).toBe('SMS_SEND_LIMIT');
  });

  it('counts every purpose together: forgot-password codes and registrations share the budget', async () => {
    for (let i = 0; i < 5; i++) {
      await addMember(servers.first, { mobile: mobileNo(100 + i) });
      const forgot = await postSigned(
        servers.first,
        '/app-api/member/v1.2/forget_password',
        { request_parameter: { mobile: enc(mobileNo(100 + i)) } },
        { from: '203.0.113.8' },
      );
      expect(forgot.json().rcrm.RC).toBe('C01');
    }
    for (let i = 0; i < 5; i++) expect(await rcOf(register(servers.first, mobileNo(i), '203.0.113.8'))).toBe('C01');
    expect(await rcOf(register(servers.first, mobileNo(5), '203.0.113.8'))).toBe('SMS_SEND_LIMIT');
  });

  it('counts an IPv6 subscriber per /64, and every forwarded "address" that is no IP as one', async () => {
    const proxied = await startTestApp({
      env: { SMS_PER_ADDRESS_PER_HOUR: '2', SMS_MAX_PER_MINUTE: '1000', TRUST_PROXY: '1' },
      shareDatabaseWith: servers.first,
    });
    try {
      const via = (i: number, forwardedFor: string) =>
        rcOf(
          postSigned(
            proxied,
            '/app-api/member/register',
            { request_parameter: { register: registerPayload({ mobile: mobileNo(i) }) } },
            { headers: { 'x-forwarded-for': forwardedFor } },
          ),
        );
      expect(await via(1, '2001:db8:5:6::1')).toBe('C01');
      expect(await via(2, '2001:db8:5:6::2')).toBe('C01');
      expect(await via(3, '2001:db8:5:6:ffff::9')).toBe('SMS_SEND_LIMIT');
      expect(await via(4, 'a'.repeat(100))).toBe('C01');
      expect(await via(5, 'not an address')).toBe('C01');
      expect(await via(6, '<script>')).toBe('SMS_SEND_LIMIT');
    } finally {
      await proxied.close();
    }
  });

  it('holds across a restart: the count is in the database', async () => {
    for (let i = 0; i < 10; i++) await register(servers.first, mobileNo(i), '203.0.113.9');
    const restarted = await startTestApp({
      env: { SMS_PER_ADDRESS_PER_HOUR: '10', SMS_MAX_PER_MINUTE: '1000' },
      shareDatabaseWith: servers.first,
    });
    try {
      expect(await rcOf(register(restarted, mobileNo(10), '203.0.113.9'))).toBe('SMS_SEND_LIMIT');
    } finally {
      await restarted.close();
    }
  });
});

describe("one registration's temp token", () => {
  const changeMobile = (t: TestApp, token: string, mobile: string) =>
    postSigned(t, '/app-api/member/update_register_mobile', { token, request_parameter: { mobile: enc(mobile) } });
  const registerToken = async () => {
    const response = await register(servers.first, mobileNo(0), '203.0.113.20');
    return response.json().results.temp_access_token as string;
  };

  it('moves across at most 3 different numbers over its life', async () => {
    const token = await registerToken();
    expect(await rcOf(changeMobile(servers.first, token, mobileNo(1)))).toBe('C01');
    expect(await rcOf(changeMobile(servers.second, token, mobileNo(2)))).toBe('C01');
    const fourth = await changeMobile(servers.first, token, mobileNo(3));
    expect(fourth.json().rcrm).toEqual({ RC: 'SMS_SEND_LIMIT', RM: RC_MESSAGES.SMS_SEND_LIMIT });
    // Back to a number it has used is no new number.
    servers.first.clock.advance(MINUTE);
    expect(await rcOf(changeMobile(servers.first, token, mobileNo(0)))).toBe('C01');
    expect((await outbox(servers.first)).map((message) => message.to).sort()).toEqual(
      [mobileNo(0), mobileNo(0), mobileNo(1), mobileNo(2)].sort(),
    );
  });

  it('lets at most 2 of 12 concurrent moves to new numbers through', async () => {
    const token = await registerToken();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        rcOf(changeMobile(i % 2 ? servers.second : servers.first, token, mobileNo(20 + i))),
      ),
    );
    expect(answers.filter((rc) => rc === 'C01').length).toBeLessThanOrEqual(2);
    expect(answers.filter((rc) => rc === 'C01').length).toBeGreaterThan(0);
    expect((await outbox(servers.first)).length).toBeLessThanOrEqual(3);
  });
});

describe('the deployment-wide ceiling (SMS_MAX_PER_MINUTE)', () => {
  it('refuses sends beyond it from every address, warns the operator once a minute, and opens again a minute later', async () => {
    const capped = captureLogs();
    const t = await startTestApp({ env: { SMS_MAX_PER_MINUTE: '5' }, logger: capped.logger });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => rcOf(register(t, mobileNo(i), `198.51.100.${i + 1}`))),
      );
      expect(answers.filter((rc) => rc === 'C01')).toHaveLength(5);
      expect(answers.filter((rc) => rc === 'SMS_SEND_LIMIT')).toHaveLength(3);
      expect(await rcOf(register(t, mobileNo(9), '198.51.100.50'))).toBe('SMS_SEND_LIMIT');
      expect(capped.lines('SMS_MAX_PER_MINUTE')).toHaveLength(1);
      expect(capped.lines('SMS_MAX_PER_MINUTE')[0]?.level).toBe(40);
      t.clock.advance(MINUTE);
      expect(await rcOf(register(t, mobileNo(10), '198.51.100.51'))).toBe('C01');
    } finally {
      await t.close();
    }
  });
});
