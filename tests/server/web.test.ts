import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_ROUTES, RUNTIME_CONFIG_PLACEHOLDER, runtimeConfigSchema } from '#protocol';
import { startTestApp, TEST_AES_KEY, TEST_SIGN_KEY, type TestApp } from './helpers/app';

const distDir = mkdtempSync(join(tmpdir(), 'member-dist-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(
    join(distDir, 'index.html'),
    `<!doctype html><html><head>${RUNTIME_CONFIG_PLACEHOLDER}<script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(distDir, 'assets', 'index-Ab12Cd34.js'), 'console.log("app")');
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(distDir, 'card-worker.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(distDir, 'card-app.webmanifest'), '{"start_url":"/member_card"}');
  t = await startTestApp({ distDir, env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml', ...headers } });

function runtimeConfigOf(html: string): unknown {
  const match = /<script id="runtime-config" type="application\/json">(.*?)<\/script>/.exec(html);
  return JSON.parse(match?.[1] ?? 'null');
}

describe('serving the web app', () => {
  it('answers every screen of the spec with index.html carrying the runtime config, never cached', async () => {
    for (const route of [...APP_ROUTES, '/index.html']) {
      const response = await page(route);
      expect(response.statusCode, route).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).not.toContain(RUNTIME_CONFIG_PLACEHOLDER);
    }
    const config = runtimeConfigOf((await page('/login')).body);
    expect(v.parse(runtimeConfigSchema, config)).toEqual({
      apiBases: { appApi: '/app-api', memberApi: '', oauthApi: '/oauth-api', oauthHost: '' },
      liffId: '1234567890-TestLiff',
      signKey: TEST_SIGN_KEY,
      aesKey: TEST_AES_KEY,
      allowedRedirectOrigins: ['https://shop.example.com'],
      demoMode: false,
    });
  });

  it('gives a new browser a random, script-readable aes_key cookie, and keeps an existing one', async () => {
    const first = await page('/login');
    const second = await page('/login');
    const cookieOf = (response: typeof first) => response.cookies.find((cookie) => cookie.name === 'aes_key');
    const cookie = cookieOf(first);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookieOf(second)?.value).not.toBe(cookie?.value);
    const returning = await t.app.inject({ method: 'GET', url: '/change_member', cookies: { aes_key: 'kept' } });
    expect(returning.cookies).toEqual([]);
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const response = await page('/login', { 'x-forwarded-proto': 'https' });
    expect(response.cookies.find((cookie) => cookie.name === 'aes_key')?.secure).toBe(true);
  });

  it.each([
    ['https://member.example.com', true],
    ['http://localhost:3000', false],
  ])('with PUBLIC_URL=%s, gives a plain http request the cookie with Secure=%s', async (url, secure) => {
    const site = await startTestApp({ distDir, env: { PUBLIC_URL: url } });
    try {
      const response = await site.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
      expect(response.cookies.find((cookie) => cookie.name === 'aes_key')?.secure ?? false).toBe(secure);
    } finally {
      await site.close();
    }
  });

  it('sends a CSP that allows the app, the LIFF SDK and the redirect origins only', async () => {
    const csp = String((await page('/login')).headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'", 'https://static.line-scdn.net']);
    expect(directives['connect-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://api.line.me', 'https://shop.example.com']),
    );
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'https:']);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    const headers = (await page('/login')).headers;
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on pages, assets, API answers and not-found answers', async () => {
    const answers = [
      await page('/login'),
      await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' }),
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await page('/app-api/member/unknown'),
    ];
    const names = ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'referrer-policy'];
    for (const name of names) {
      const values = new Set(answers.map((answer) => answer.headers[name]));
      expect(values.size, name).toBe(1);
      expect([...values][0], name).toBeTruthy();
    }
    for (const answer of answers) expect(answer.headers['x-powered-by']).toBeUndefined();
  });

  it('serves hashed assets with immutable caching and other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves the card’s service worker from the site’s root, checked afresh by every update check, under the security headers', async () => {
    // A worker's scope cannot be above its script, and a browser keeps a worker it cannot fetch:
    // the worker of decision 0017 must be at the root and never held by a cache.
    const worker = await t.app.inject({
      method: 'GET',
      url: '/card-worker.js',
      headers: { accept: '*/*', 'service-worker': 'script' },
    });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-security-policy']).toContain("default-src 'self'");
    expect(worker.headers['service-worker-allowed']).toBeUndefined();
  });

  it('names the card’s manifest and iOS’s icon in the card’s page alone, and serves the manifest as one', async () => {
    const head = (html: string) => html.slice(0, html.indexOf('</head>'));
    const card = head((await page('/member_card')).body);
    expect(card).toContain('<link rel="manifest" href="/card-app.webmanifest">');
    expect(card).toContain('<link rel="apple-touch-icon" href="/card-icon-touch-180.png">');
    for (const route of APP_ROUTES.filter((path) => path !== '/member_card')) {
      expect(head((await page(route)).body), route).not.toContain('rel="manifest"');
    }
    const manifest = await t.app.inject({ method: 'GET', url: '/card-app.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to the app for unknown pages that accept HTML, but not for API paths or other requests', async () => {
    const unknownPage = await page('/some/deep/link?x=1');
    expect(unknownPage.statusCode).toBe(200);
    expect(unknownPage.body).toContain('id="runtime-config"');
    expect((await page('/app-api/member/unknown')).statusCode).toBe(404);
    expect((await page('/api/member/unknown')).json()).toMatchObject({ rcrm: { RC: 'PARAMETER_INVALID' } });
    expect((await t.app.inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});

describe('before the web app is built', () => {
  it('still answers the API, and says the pages need a build', async () => {
    const bare = await startTestApp({ distDir: join(distDir, 'not-built') });
    expect((await bare.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const login = await bare.app.inject({ method: 'GET', url: '/login' });
    expect(login.statusCode).toBe(503);
    expect(login.body).toContain('npm run build');
    await bare.close();
  });
});

describe('GET /healthz', () => {
  it('answers 200 {status: ok} while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('asks the database once for many at a time, so a flood of checks cannot take its connections', async () => {
    const asked = vi.spyOn(t.db, 'execute');
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/healthz' })),
      );
      expect(answers.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
      expect(asked.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      asked.mockRestore();
    }
  });

  it('answers 503 when the database is gone', async () => {
    const broken = await startTestApp();
    await broken.testDatabase.close();
    const response = await broken.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    await broken.close();
  });
});
