import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptValue, RC_MESSAGES } from '#protocol';
import { enc, postSigned, startTestApp, type TestApp } from './helpers/app';
import { type TableContents, tableContents } from './helpers/database';
import { addMember, MEMBER } from './helpers/members';

let t: TestApp;
let before: TableContents;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await addMember(t);
  before = await tableContents(t.db);
});

const LOGIN = '/app-api/member/login';
const goodLogin = () => ({ account: enc(MEMBER.mobile), password: enc(MEMBER.password) });

async function expectRejected(response: { statusCode: number; json(): unknown }, rc: string, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ rcrm: { RC: rc } });
  expect(await tableContents(t.db)).toEqual(before);
}

describe('request_parameter, checked with the call’s schema', () => {
  const loginWith = (request_parameter: Record<string, unknown> | undefined) =>
    postSigned(t, LOGIN, request_parameter ? { request_parameter } : {});

  it.each([
    ['is missing', undefined, '（request_parameter）'],
    ['lacks the password', { account: enc(MEMBER.mobile) }, '（password）'],
    ['has a number for the account', { account: 912345678, password: enc(MEMBER.password) }, '（account）'],
    ['has a plaintext account', { account: MEMBER.mobile, password: enc(MEMBER.password) }, '（account）'],
    [
      'has Base64 that is no ciphertext',
      { account: 'bm90IGNpcGhlcg==', password: enc(MEMBER.password) },
      '（account）',
    ],
    [
      'has ciphertext of another key',
      { account: encryptValue('other-key', MEMBER.mobile), password: enc(MEMBER.password) },
      '（account）',
    ],
    ['has a 9-digit account', { account: enc('091234567'), password: enc(MEMBER.password) }, '帳號格式錯誤（account）'],
    ['has an empty password', { account: enc(MEMBER.mobile), password: enc('') }, '（password）'],
    [
      'has SQL in the account',
      { account: enc("0911222333' OR '1'='1"), password: enc(MEMBER.password) },
      '帳號格式錯誤（account）',
    ],
    [
      'has SQL in the password',
      { account: enc(MEMBER.mobile), password: enc("x' OR 1=1; DROP TABLE members; --") },
      '（password）',
    ],
    ['has a very long password', { account: enc(MEMBER.mobile), password: enc('a1'.repeat(3000)) }, '（password）'],
  ])('answers PARAMETER_INVALID (400) naming the field when it %s', async (_, params, rmEnd) => {
    const response = await loginWith(params);
    await expectRejected(response, 'PARAMETER_INVALID', 400);
    expect(response.json().rcrm.RM).toMatch(new RegExp(`${rmEnd.replace(/[()（）]/g, '\\$&')}$`));
  });

  it('answers PARAMETER_INVALID naming the field for SQL and very long text in a plain field', async () => {
    for (const phone of ["0911' OR 1=1 --", '0'.repeat(10_000)]) {
      const response = await postSigned(t, '/oauth-api/member/compare_ec_member', {
        request_parameter: { provider: 'cyberbit', phone },
      });
      await expectRejected(response, 'PARAMETER_INVALID', 400);
      expect(response.json().rcrm.RM).toBe('手機號碼格式錯誤（phone）');
    }
  });
});

describe('anything else', () => {
  it('answers an unknown API path with 404 and the usual body, also for GET on a POST call', async () => {
    for (const response of [
      await postSigned(t, '/app-api/member/no_such_call', {}),
      await t.app.inject({ method: 'GET', url: LOGIN, headers: { accept: 'text/html' } }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ rcrm: { RC: 'PARAMETER_INVALID' } });
    }
  });

  it('answers SYSTEM_ERROR (500) without internals when something unexpected fails', async () => {
    const broken = await startTestApp();
    await broken.testDatabase.close();
    const response = await postSigned(broken, LOGIN, { request_parameter: goodLogin() });
    expect(response.statusCode).toBe(500);
    // Exactly the catalogue body: no stack, no SQL, no driver message.
    expect(response.json()).toEqual({ rcrm: { RC: 'SYSTEM_ERROR', RM: RC_MESSAGES.SYSTEM_ERROR }, results: {} });
    await broken.close();
  });
});
