import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPARE_EC_PROVIDER, type EndpointName, RC_MESSAGES } from '#protocol';
import { pathOf } from '../../server/lib/paths';
import { enc, postSigned, startTestApp, type TestApp } from './helpers/app';
import { addMember, MEMBER } from './helpers/members';
import { registerPayload, registerVisitor } from './helpers/registration';

// The shipped budgets: every API call, the checks, and SMS per address.
const CHECKS_PER_MINUTE = 30;
let t: TestApp;
let tempToken: string;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      RATE_LIMIT_PER_MINUTE: '600',
      RATE_LIMIT_CHECKS_PER_MINUTE: String(CHECKS_PER_MINUTE),
      SMS_PER_ADDRESS_PER_HOUR: '10',
    },
  });
  await addMember(t);
  tempToken = await registerVisitor(t);
});
afterAll(() => t.close());

/** The i-th of a run of numbers nobody registered. */
const stranger = (i: number) => `09${String(30_000_000 + i)}`;
/** Half the probes spell the path `/%61pp-api/...`: every spelling that reaches the handler counts. */
const spelled = (name: EndpointName, i: number) =>
  pathOf(name).replace(/^\/app-api\//, i % 2 ? '/%61pp-api/' : '/app-api/');

type Probe = (i: number, from: string) => Promise<LightMyRequestResponse>;
const rcOf = (response: LightMyRequestResponse): string => response.json().rcrm.RC;

const forgetPassword: Probe = (i, from) =>
  postSigned(t, spelled('forgetPassword', i), { request_parameter: { mobile: enc(stranger(i)) } }, { from });

/** The calls whose answer differs for a registered and an unregistered mobile, each asked about number i. */
const PROBES: [EndpointName, Probe][] = [
  ['forgetPassword', forgetPassword],
  [
    'register',
    (i, from) =>
      postSigned(
        t,
        spelled('register', i),
        { request_parameter: { register: registerPayload({ mobile: stranger(100 + i) }) } },
        { from },
      ),
  ],
  [
    'registerWithThirdPartyCrmData',
    (i, from) =>
      postSigned(
        t,
        spelled('registerWithThirdPartyCrmData', i),
        {
          request_parameter: {
            register: registerPayload({ mobile: stranger(200 + i) }),
            third_party_crm_data: enc(JSON.stringify({ mobile: stranger(200 + i) })),
          },
        },
        { from },
      ),
  ],
  [
    'updateRegisterMobile',
    (i, from) =>
      postSigned(
        t,
        spelled('updateRegisterMobile', i),
        { token: tempToken, request_parameter: { mobile: enc(i % 3 ? stranger(300 + i) : MEMBER.mobile) } },
        { from },
      ),
  ],
  [
    'compareEcMember',
    (i, from) =>
      postSigned(
        t,
        pathOf('compareEcMember'),
        { request_parameter: { provider: COMPARE_EC_PROVIDER, phone: stranger(400 + i) } },
        { from },
      ),
  ],
];

describe('asking whether mobiles are registered, from one client address (RATE_LIMIT_CHECKS_PER_MINUTE)', () => {
  it.each(PROBES.map(([name, probe], i) => ({ name, probe, from: `10.6.${i}.1` })))(
    '$name answers 30 numbers a minute, then RATE_LIMITED (429)',
    async ({ probe, from }) => {
      const answers = [];
      for (let i = 0; i < CHECKS_PER_MINUTE + 5; i++) answers.push(await probe(i, from));
      // Each of the first 30 reached the service and was answered (business answers are all 200).
      expect(new Set(answers.slice(0, CHECKS_PER_MINUTE).map((a) => a.statusCode))).toEqual(new Set([200]));
      for (const refused of answers.slice(CHECKS_PER_MINUTE)) {
        expect(refused.statusCode).toBe(429);
        expect(refused.json().rcrm).toEqual({ RC: 'RATE_LIMITED', RM: RC_MESSAGES.RATE_LIMITED });
        expect(refused.headers['ratelimit-limit']).toBe(String(CHECKS_PER_MINUTE));
      }
    },
  );

  it('forget_password tells no more than 30 strangers a minute that they are not members', async () => {
    const rcs = [];
    for (let i = 0; i < 40; i++) rcs.push(rcOf(await forgetPassword(500 + i, '10.7.0.1')));
    expect(rcs.filter((rc) => rc === 'MEMBER_IS_NOT_EXIST')).toHaveLength(CHECKS_PER_MINUTE);
    expect(rcs.slice(CHECKS_PER_MINUTE)).toEqual(Array(10).fill('RATE_LIMITED'));
  });

  it('shares one budget with register_check and check_mobile', async () => {
    const from = '10.7.0.2';
    const ask = (name: EndpointName, mobile: string, more: Record<string, unknown> = {}) =>
      postSigned(t, pathOf(name), { request_parameter: { mobile: enc(mobile), ...more } }, { from });
    const rcs = [];
    for (let i = 0; i < 10; i++) {
      const mobile = stranger(600 + i);
      rcs.push(rcOf(await ask('checkMobile', mobile)));
      rcs.push(rcOf(await ask('registerCheck', mobile, { password: enc('abc12345'), referrer_code: '' })));
      rcs.push(rcOf(await ask('forgetPassword', mobile)));
    }
    expect(new Set(rcs)).toEqual(new Set(['C01', 'MEMBER_IS_NOT_EXIST']));
    expect((await ask('forgetPassword', MEMBER.mobile)).statusCode).toBe(429);
    expect((await ask('checkMobile', MEMBER.mobile)).statusCode).toBe(429);
  });

  it('leaves another address, and the other calls of the limited one, alone', async () => {
    for (let i = 0; i < CHECKS_PER_MINUTE; i++) await forgetPassword(700 + i, '10.7.0.3');
    expect((await forgetPassword(800, '10.7.0.3')).statusCode).toBe(429);

    const member = await postSigned(
      t,
      pathOf('forgetPassword'),
      { request_parameter: { mobile: enc(MEMBER.mobile) } },
      { from: '10.7.0.4' },
    );
    expect(rcOf(member)).toBe('C01');
    const terms = await postSigned(t, pathOf('briefTerm'), { request_parameter: {} }, { from: '10.7.0.3' });
    expect(terms.statusCode).not.toBe(429);
  });
});
