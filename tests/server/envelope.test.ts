import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildEnvelope,
  bytesToBase64,
  MAX_BODY_BYTES,
  RC_MESSAGES,
  signPayload,
  taipeiTimestamp,
  utf8,
} from '#protocol';
import { enc, postSigned, startTestApp, TEST_SIGN_KEY, type TestApp } from './helpers/app';
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

/** `{sign}` over any JSON text, correctly signed, so only what is inside is wrong. */
function signedText(text: string): { sign: string } {
  const payload = bytesToBase64(utf8(text));
  return { sign: `${payload}.${signPayload(TEST_SIGN_KEY, payload)}` };
}

const raw = (payload: string | object, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: LOGIN,
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function expectRejected(response: { statusCode: number; json(): unknown }, rc: string, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ rcrm: { RC: rc } });
  expect(await tableContents(t.db)).toEqual(before);
}

describe('the signed envelope, before any handler runs', () => {
  it('lets a well-formed login through (the baseline the rejections differ from)', async () => {
    const response = await postSigned(t, LOGIN, { request_parameter: goodLogin() });
    expect(response.json().rcrm.RC).toBe('C01');
  });

  it.each([
    ['no body at all', ''],
    ['a body without sign', { token: 'x' }],
    ['a sign that is not a string', { sign: 42 }],
    ['a sign without a dot', { sign: 'abcd' }],
    ['a sign with two dots', { sign: 'a.b.c' }],
    ['bad Base64', { sign: '!!!not-base64!!!.00ff' }],
    ['a JSON array body', [1, 2]],
    ['a JSON string body', '"sign"'],
  ])('answers PARAMETER_INVALID (400) for %s', async (_, body) => {
    await expectRejected(await raw(body), 'PARAMETER_INVALID', 400);
  });

  it.each([
    ['payload that is not JSON', '{"timestamp": '],
    ['payload that is a JSON array', '[1,2,3]'],
    ['payload that is JSON null', 'null'],
    ['token that is a number', JSON.stringify({ token: 5, timestamp: taipeiTimestamp(new Date()) })],
    ['request_parameter that is an array', JSON.stringify({ request_parameter: [], timestamp: 'x' })],
  ])('answers PARAMETER_INVALID (400) for a signed %s', async (_, text) => {
    await expectRejected(await raw(signedText(text)), 'PARAMETER_INVALID', 400);
  });

  it('answers SIGN_INVALID (401) for a signature made with another key', async () => {
    const response = await postSigned(t, LOGIN, { request_parameter: goodLogin() }, { signKey: 'someone-else' });
    await expectRejected(response, 'SIGN_INVALID', 401);
    expect(response.json().rcrm.RM).toBe(RC_MESSAGES.SIGN_INVALID);
  });

  it('answers SIGN_INVALID (401) for a payload changed after signing', async () => {
    const { sign } = buildEnvelope(TEST_SIGN_KEY, { request_parameter: goodLogin() }, t.clock.now());
    const [, signature] = sign.split('.');
    const forged = bytesToBase64(utf8(JSON.stringify({ request_parameter: goodLogin(), timestamp: 'x' })));
    await expectRejected(await raw({ sign: `${forged}.${signature}` }), 'SIGN_INVALID', 401);
  });

  it.each([
    ['stale', -301_000],
    ['future', 301_000],
  ])('answers TIMESTAMP_INVALID (401) for a %s timestamp over 300 s off', async (_, offset) => {
    const at = new Date(t.clock.now().getTime() + offset);
    await expectRejected(
      await postSigned(t, LOGIN, { request_parameter: goodLogin() }, { at }),
      'TIMESTAMP_INVALID',
      401,
    );
  });

  it('accepts a timestamp just inside 300 s either way', async () => {
    for (const offset of [-299_000, 299_000]) {
      const at = new Date(t.clock.now().getTime() + offset);
      expect((await postSigned(t, LOGIN, { request_parameter: goodLogin() }, { at })).json().rcrm.RC).toBe('C01');
    }
  });

  it('answers TIMESTAMP_INVALID for a timestamp that is not YYYY/MM/DD HH:mm:ss Taipei time', async () => {
    const text = JSON.stringify({ request_parameter: goodLogin(), timestamp: t.clock.now().toISOString() });
    await expectRejected(await raw(signedText(text)), 'TIMESTAMP_INVALID', 401);
  });

  it('answers REQUEST_TOO_LARGE (413) for a body over 16 KiB', async () => {
    const response = await postSigned(t, LOGIN, {
      request_parameter: { ...goodLogin(), padding: 'x'.repeat(MAX_BODY_BYTES) },
    });
    await expectRejected(response, 'REQUEST_TOO_LARGE', 413);
  });

  it.each([
    ['text/plain', JSON.stringify({ sign: 'abc.def' })],
    ['application/x-www-form-urlencoded', 'sign=abc.def'],
    ['application/xml', '<sign>abc</sign>'],
    ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
  ])('answers PARAMETER_INVALID (400), never 5xx, for content type %s', async (type, body) => {
    await expectRejected(await raw(body, type), 'PARAMETER_INVALID', 400);
  });

  it('answers PARAMETER_INVALID (400) for a JSON body that does not parse', async () => {
    await expectRejected(await raw('{"sign": "abc'), 'PARAMETER_INVALID', 400);
  });

  // The envelope is right and the login would succeed: only the key that could poison a prototype
  // is wrong, so the refusal can come from nothing else.
  it.each([
    ['"__proto__"', '"__proto__": {"isAdmin": true}'],
    ['"constructor": {"prototype"}', '"constructor": {"prototype": {"isAdmin": true}}'],
  ])('answers PARAMETER_INVALID (400) for a correctly signed body that also carries %s', async (_, poison) => {
    const { sign } = buildEnvelope(TEST_SIGN_KEY, { request_parameter: goodLogin() }, t.clock.now());
    const response = await raw(`{"sign": ${JSON.stringify(sign)}, ${poison}}`);
    await expectRejected(response, 'PARAMETER_INVALID', 400);
    expect(response.json()).toEqual({
      rcrm: { RC: 'PARAMETER_INVALID', RM: RC_MESSAGES.PARAMETER_INVALID },
      results: {},
    });
  });
});
