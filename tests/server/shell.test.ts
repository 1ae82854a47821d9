import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';

// The page each screen is answered with, built from the repository's own index.html as
// `vite build` leaves it: a stylesheet link, the entry, and the manifest of chunks.
const distDir = mkdtempSync(join(tmpdir(), 'member-shell-'));
const CSS = '.size-20{width:5rem;height:5rem}';
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(distDir, 'assets'));
  mkdirSync(join(distDir, '.vite'));
  const source = readFileSync('index.html', 'utf8')
    .replaceAll('/src/assets/logo.svg', '/assets/logo-Ab12.svg')
    .replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index-Ab12.js"></script><link rel="modulepreload" crossorigin href="/assets/page-card-Ab12.js"><link rel="stylesheet" crossorigin href="/assets/index-Ab12.css"></head>',
    )
    .replace(/<script type="module" src="\/src\/main.tsx"><\/script>/, '');
  writeFileSync(join(distDir, 'index.html'), source);
  writeFileSync(join(distDir, 'assets', 'index-Ab12.css'), CSS);
  writeFileSync(
    join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-Ab12.js', imports: ['_page-card-Ab12.js'], isEntry: true },
      '_page-card-Ab12.js': { file: 'assets/page-card-Ab12.js' },
      '_text-field-Ab12.js': { file: 'assets/text-field-Ab12.js', imports: ['_page-card-Ab12.js'] },
      'src/routes/login/index.tsx?tsr-split=component': {
        file: 'assets/login-Ab12.js',
        imports: ['index.html', '_page-card-Ab12.js', '_text-field-Ab12.js'],
      },
      'src/api/crypto.ts': { file: 'assets/crypto-Ab12.js', imports: ['_sha2-Ab12.js'], isDynamicEntry: true },
      '_sha2-Ab12.js': { file: 'assets/sha2-Ab12.js' },
      'src/routes/change_member.tsx?tsr-split=component': {
        file: 'assets/change_member-Ab12.js',
        imports: ['index.html'],
      },
    }),
  );
  t = await startTestApp({ distDir });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

const page = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
const preloads = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

describe('the page a screen is answered with paints before any script runs', () => {
  it('shows the logo, sized and fetched first, and the app’s name where the screens show them', async () => {
    const html = await page('/change_member');
    expect(html).toMatch(
      /<img src="\/assets\/logo-Ab12.svg" alt="會員中心" class="size-20" width="80" height="80" fetchpriority="high"/,
    );
    expect(html).toContain('<p class="text-xl font-bold text-ink">會員中心</p>');
  });

  it('inlines the stylesheet, so no request holds up the first paint', async () => {
    const html = await page('/login');
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('outlines the login form on /login only', async () => {
    const login = await page('/login');
    expect(login).toMatch(
      /<div aria-hidden="true" class="flex flex-col gap-4">.*min-h-12 rounded-xl border.*min-h-12 rounded-xl border/,
    );
    expect(login).not.toContain('<!--screen-outline-->');
    for (const other of ['/change_member', '/registerFirst', '/no-such-page']) {
      const html = await page(other);
      expect(html, other).not.toContain('aria-hidden="true" class="flex flex-col gap-4"');
      expect(html, other).not.toContain('<!--screen-outline-->');
    }
  });

  it('preloads the screen’s own chunks with the entry’s, once each', async () => {
    expect(preloads(await page('/login'))).toEqual([
      '/assets/page-card-Ab12.js',
      '/assets/login-Ab12.js',
      '/assets/text-field-Ab12.js',
    ]);
    expect(preloads(await page('/no-such-page'))).toEqual(['/assets/page-card-Ab12.js']);
  });

  it('preloads the signing code on every screen but the login form, whose first call waits for typing', async () => {
    expect(preloads(await page('/change_member'))).toEqual([
      '/assets/page-card-Ab12.js',
      '/assets/change_member-Ab12.js',
      '/assets/crypto-Ab12.js',
      '/assets/sha2-Ab12.js',
    ]);
    expect(preloads(await page('/registerFirst'))).toEqual([
      '/assets/page-card-Ab12.js',
      '/assets/crypto-Ab12.js',
      '/assets/sha2-Ab12.js',
    ]);
    for (const login of ['/login', '/login/text'])
      expect(preloads(await page(login))).not.toContain('/assets/crypto-Ab12.js');
  });

  it('does not serve the build manifest', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(response.statusCode).toBe(404);
  });
});
