import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS, REGISTER_TERMS_ELEMENT_ID } from '#protocol';
import { terms } from '../../server/db/schema';
import { PAGE_DATA_READ_MS } from '../../server/modules/web/page-data';
import { commonTexts } from '../../src/i18n/zh-TW/common';
import { startTestApp, type TestApp } from './helpers/app';
import { captureLogs } from './helpers/logs';

// The page each screen is answered with, built from the repository's own index.html as
// `vite build` leaves it: a stylesheet link, the entry, and the manifest of chunks.
const distDir = mkdtempSync(join(tmpdir(), 'member-shell-'));
const CSS = '.size-20{width:5rem;height:5rem}';
const logs = captureLogs();
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
  t = await startTestApp({ distDir, logger: logs.logger });
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

  it('says the page is still coming, in the loading overlay’s words, on every screen, and not without JavaScript', async () => {
    for (const path of ['/login', '/change_member', '/registerFirst', '/no-such-page']) {
      const html = await page(path);
      const status = html.match(
        /<p class="boot-wait [^"]*" role="status">\s*<span [^>]*aria-hidden="true"><\/span>([^<]*)<\/p>/,
      );
      expect(status?.[1]?.trim(), path).toBe(commonTexts.loading);
      expect(html, path).toContain('<noscript><style>.boot-wait{display:none}</style></noscript>');
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

/** The register terms a page carries, parsed as the app reads them (brief_term's results), or null. */
function termsIn(html: string) {
  const block = new RegExp(`<script id="${REGISTER_TERMS_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(
    html,
  );
  return block ? v.parse(ENDPOINTS.briefTerm.results, JSON.parse(block[1] ?? '')) : null;
}

/**
 * How many statements reading the terms table `call` sends to the database, counted at the driver
 * as helpers/round-trips counts them: PGlite's `query`, or a pool client's on PostgreSQL.
 */
async function termsReadsOf(call: () => Promise<unknown>): Promise<number> {
  const driver = t.testDatabase.url !== null ? pg.Client.prototype : (t.db as unknown as { $client: PGlite }).$client;
  const queries = vi.spyOn(driver, 'query');
  try {
    await call();
    const texts = queries.mock.calls.map(([query]) =>
      typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text ?? ''),
    );
    return texts.filter((text) => /\bfrom "terms"/i.test(text)).length;
  } finally {
    queries.mockRestore();
  }
}

describe('the registration page carries its terms, so step 1 needs no call for them', () => {
  // Each test starts past the last read's second (PAGE_DATA_READ_MS).
  beforeEach(() => t.clock.advance(PAGE_DATA_READ_MS));

  it('carries what brief_term answers for the register terms, read from the database', async () => {
    const carried = termsIn(await page('/registerFirst'));
    expect(carried).toEqual({
      terms: [
        {
          type: 'register',
          terms: [
            expect.objectContaining({ id: 'member_terms', title: '會員條款' }),
            expect.objectContaining({ id: 'privacy_policy', title: '隱私權政策' }),
            expect.objectContaining({ id: 'personal_data_notice', title: '個人資料蒐集告知事項' }),
          ],
        },
      ],
    });
    expect(carried?.terms[0]?.terms[0]?.content).toContain('<h3>一、會員資格</h3>');
  });

  it('reads them at most once a second, shared by every page asked for meanwhile', async () => {
    const titleOfFirst = async () => termsIn(await page('/registerFirst'))?.terms[0]?.terms[0]?.title;
    let together: unknown[] = [];
    const reads = await termsReadsOf(async () => {
      together = await Promise.all(Array.from({ length: 20 }, titleOfFirst));
    });
    expect(new Set(together)).toEqual(new Set(['會員條款']));
    expect(reads).toBe(1);
    await t.db.update(terms).set({ title: '會員條款（修訂）' }).where(eq(terms.id, 'member_terms'));
    try {
      t.clock.advance(PAGE_DATA_READ_MS - 1);
      expect(await titleOfFirst()).toBe('會員條款');
      t.clock.advance(1);
      expect(await titleOfFirst()).toBe('會員條款（修訂）');
    } finally {
      await t.db.update(terms).set({ title: '會員條款' }).where(eq(terms.id, 'member_terms'));
    }
  });

  it('keeps a term that holds markup inside its block', async () => {
    const title = '</script><script>alert(1)</script>';
    await t.db.insert(terms).values({ id: 'hostile', type: 'register', title, content: '<p>x</p>', position: 9 });
    try {
      const html = await page('/registerFirst');
      expect(html).not.toContain('<script>alert(1)');
      expect(termsIn(html)?.terms[0]?.terms.at(-1)?.title).toBe(title);
    } finally {
      await t.db.delete(terms).where(eq(terms.id, 'hostile'));
    }
  });

  it('is the only page that carries them', async () => {
    for (const other of ['/login', '/registerSecond', '/change_member', '/no-such-page'])
      expect(termsIn(await page(other)), other).toBeNull();
  });

  it('still answers the page when the terms cannot be read, leaving the call to the app', async () => {
    await t.db.execute(sql`alter table terms rename to terms_away`);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/registerFirst', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('會員中心');
      expect(termsIn(response.body)).toBeNull();
      const [line] = logs.lines('page data not read').slice(-1);
      expect(line?.level).toBe(40);
      // The failure is named (type, SQLSTATE), never the statement (docs/security.md, "Logs keep no secrets").
      expect(line?.err).toMatchObject({ message: 'database query failed', cause: { code: '42P01' } });
      expect(JSON.stringify(line)).not.toMatch(/select\s|from\s+"terms"/i);
    } finally {
      await t.db.execute(sql`alter table terms_away rename to terms`);
    }
  });
});
