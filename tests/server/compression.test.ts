import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, deflateSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope, REGISTER_TERM_TYPE, RUNTIME_CONFIG_PLACEHOLDER } from '#protocol';
import { pathOf } from '../../server/lib/paths';
import { enc, postSigned, startTestApp, TEST_SIGN_KEY, type TestApp } from './helpers/app';
import { addMember, countedAttempts, MEMBER } from './helpers/members';

// What `vite build` writes: a hashed asset with its .br and .gz twins, and the shell template.
const distDir = mkdtempSync(join(tmpdir(), 'member-dist-'));
const ASSET = 'assets/index-Ab12Cd34.js';
const assetSource = Buffer.from(`${'export const x = "會員中心";\n'.repeat(400)}`);
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, ASSET), assetSource);
  writeFileSync(join(distDir, `${ASSET}.br`), brotliCompressSync(assetSource));
  writeFileSync(join(distDir, `${ASSET}.gz`), gzipSync(assetSource));
  // Large enough (the outline of the first screen) to be worth compressing.
  const outline = '<p class="outline">會員登入</p>'.repeat(80);
  writeFileSync(
    join(distDir, 'index.html'),
    `<!doctype html><html><head>${RUNTIME_CONFIG_PLACEHOLDER}</head><body><div id="root">${outline}</div></body></html>`,
  );
  t = await startTestApp({ distDir });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html,*/*', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

/** The body as the browser reads it, after undoing the answer's Content-Encoding. */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  expect(encoding).toBeUndefined();
  return response.rawPayload;
}

describe('compressed answers', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    [undefined, undefined],
    ['identity', undefined],
  ])('serves a built asset for Accept-Encoding %s as %s, byte-identical once decoded', async (accept, expected) => {
    const response = await get(`/${ASSET}`, accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(response).equals(assetSource)).toBe(true);
    if (expected) expect(response.rawPayload.length).toBeLessThan(assetSource.length / 4);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    [undefined, undefined],
  ])('compresses the HTML shell for Accept-Encoding %s', async (accept, expected) => {
    const plain = decoded(await get('/login'));
    const response = await get('/login', accept);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(decoded(response).toString()).toBe(plain.toString());
    expect(plain.toString()).toContain('會員登入');
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    [undefined, undefined],
  ])(
    'compresses a large API answer for Accept-Encoding %s, and the answer reads the same',
    async (accept, expected) => {
      const call = { request_parameter: { type: Array.from({ length: 10 }, () => REGISTER_TERM_TYPE) } };
      const plain = await postSigned(t, pathOf('briefTerm'), call);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const response = await postSigned(t, pathOf('briefTerm'), call, {
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(response.headers['content-encoding']).toBe(expected);
      expect(JSON.parse(decoded(response).toString())).toEqual(plain.json());
    },
  );

  it('leaves a small API answer as it is: it fits one packet anyway', async () => {
    const response = await postSigned(
      t,
      pathOf('briefCopywritingConfig'),
      { request_parameter: { keys: ['friend_recommend'] } },
      { headers: { 'accept-encoding': 'br' } },
    );
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ rcrm: { RC: 'C01' } });
  });
});

describe('compressed requests', () => {
  beforeAll(() => addMember(t));
  const login = () =>
    buildEnvelope(
      TEST_SIGN_KEY,
      { request_parameter: { account: enc(MEMBER.mobile), password: enc(MEMBER.password) } },
      t.clock.now(),
    );
  const post = (body: Buffer, encoding: string) =>
    t.app.inject({
      method: 'POST',
      url: '/app-api/member/login',
      payload: body,
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
    });

  // No client of the protocol compresses what it sends. Unpacking would let a few bytes cost the
  // server seconds of a core: the body limit stops the reading, not the unpacking already started.
  it.each([
    ['br', brotliCompressSync],
    ['gzip', gzipSync],
    ['deflate', deflateSync],
  ])('refuses a body sent as %s without unpacking it: no login happens', async (encoding, compressed) => {
    const response = await post(compressed(Buffer.from(JSON.stringify(login()))), encoding);
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
    expect(await countedAttempts(t)).toBe(0);
  });

  it('answers a body that would unpack to 64 MiB as a bad request at once, not as one too large after unpacking it', async () => {
    const bomb = brotliCompressSync(Buffer.alloc(64 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(1024);
    const response = await post(bomb, 'br');
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
  });

  it('still takes a body that says it is not compressed', async () => {
    const response = await post(Buffer.from(JSON.stringify(login())), 'identity');
    expect(response.json().rcrm.RC).not.toBe('PARAMETER_INVALID');
  });
});
