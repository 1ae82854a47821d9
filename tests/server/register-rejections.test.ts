import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRC } from '#protocol';
import { enc, postSigned, startTestApp, type TestApp } from './helpers/app';
import { tableContents } from './helpers/database';
import { registerPayload } from './helpers/registration';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const CALLS = [
  '/app-api/member/register_check',
  '/app-api/member/register',
  '/app-api/member/register_with_third_party_crm_data',
  '/app-api/member/register_verify',
  '/app-api/member/register_skip_verify',
  '/app-api/member/resend_register_verify',
  '/app-api/member/update_register_mobile',
  '/app-api/term/brief_term',
  '/app-api/mission/task_information',
  '/app-api/point/point_information',
  '/app-api/coupon/coupon_information',
  '/app-api/brand/brand_information',
  '/app-api/config/brief_copywriting_config',
];

const JUNK: [string, Record<string, unknown> | undefined][] = [
  ['no request_parameter', undefined],
  ['an empty request_parameter', {}],
  [
    'fields of the wrong type',
    {
      mobile: 912345678,
      password: null,
      referrer_code: ['A'],
      register: 'x',
      verify_code: {},
      type: 'register',
      task_type: 1,
      full_info: 'yes',
      point_id: [],
      coupon_ids: 'CP_REFERRER_200',
      brand_ids: [1, 2],
      keys: [null],
      third_party_crm_data: 42,
    },
  ],
  [
    'oversized and broken values',
    {
      mobile: enc('x'.repeat(2000)),
      password: '%%%',
      register: { ...registerPayload(), name: '名'.repeat(500), birthday: '9999/99/99', gender: {} },
      third_party_crm_data: '====',
      type: Array(50).fill('register'),
      coupon_ids: Array(60).fill('CP'),
      point_id: 'P'.repeat(500),
    },
  ],
];

describe('bad input to the registration and catalogue calls', () => {
  it.each(CALLS)('%s answers every malformed request with its RC, never 5xx, and changes nothing', async (url) => {
    const before = await tableContents(t.db);
    for (const [label, request_parameter] of JUNK) {
      for (const token of [null, 'not-a-token']) {
        const response = await postSigned(t, url, { token, request_parameter });
        expect(response.statusCode, `${label}`).toBeLessThan(500);
        expect([200, 400], label).toContain(response.statusCode);
        const body = response.json();
        expect(isRC(body.rcrm.RC), label).toBe(true);
        expect(body.rcrm.RC, label).not.toBe('C01');
        expect(typeof body.rcrm.RM).toBe('string');
        if (response.statusCode === 400) expect(body.rcrm.RC).toBe('PARAMETER_INVALID');
      }
    }
    expect(await tableContents(t.db)).toEqual(before);
  });

  it.each(CALLS)('%s refuses a bad signature with SIGN_INVALID (401)', async (url) => {
    const response = await postSigned(t, url, { request_parameter: {} }, { signKey: 'wrong-key' });
    expect(response.statusCode).toBe(401);
    expect(response.json().rcrm.RC).toBe('SIGN_INVALID');
  });
});
