import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, loadConfigFromFile } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keptReleases } from '../../scripts/kept-releases-plugin';
import { KEEP_REPLACED_DAYS, KEEP_REPLACED_RELEASES } from '../../scripts/releases';

// Real Vite builds of a small app, one after another in one folder, as releases are made (decision 0019).

let root = '';
let clock = new Date('2026-11-01T00:00:00Z');
const dist = () => join(root, 'dist');
const assets = () => readdirSync(join(dist(), 'assets')).sort();

/** The app's source for one release: a page whose screen's code loads when the member goes to it. */
function writeRelease(screenText: string): void {
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/main.js"></script>',
  );
  writeFileSync(join(root, 'main.js'), "document.body.onclick = () => import('./screen.js').then((s) => s.show());\n");
  writeFileSync(
    join(root, 'screen.js'),
    `export const show = () => { document.body.textContent = ${JSON.stringify(screenText.repeat(60))}; };\n`,
  );
}

async function buildRelease(screenText: string, plugins = [keptReleases(() => clock)]): Promise<void> {
  writeRelease(screenText);
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [...plugins, compression({ algorithms: ['gzip'], threshold: 0, logLevel: 'silent' })],
    build: { outDir: 'dist', manifest: true },
  });
}

/** The screen's chunk the page of the current build asks for, by the build's manifest. */
function screenChunk(): string {
  const manifest = JSON.parse(readFileSync(join(dist(), '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest['screen.js']?.file;
  if (!chunk) throw new Error('no screen chunk in the manifest');
  return chunk.replace(/^assets\//, '');
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kept-releases-'));
  clock = new Date('2026-11-01T00:00:00Z');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const later = (days: number) => {
  clock = new Date(clock.getTime() + days * 24 * 60 * 60 * 1000);
};

describe('a new build of the web app', () => {
  it('keeps the code of the release before, unchanged, for pages opened before it', async () => {
    await buildRelease('first');
    const firstScreen = screenChunk();
    const firstCode = readFileSync(join(dist(), 'assets', firstScreen), 'utf8');
    later(1);
    await buildRelease('second');
    expect(screenChunk()).not.toBe(firstScreen);
    expect(assets()).toContain(firstScreen);
    expect(assets()).toContain(`${firstScreen}.gz`);
    expect(readFileSync(join(dist(), 'assets', firstScreen), 'utf8')).toBe(firstCode);
    expect(readFileSync(join(dist(), 'index.html'), 'utf8')).not.toContain(firstScreen);
  });

  it(`removes a release's files, twins too, ${KEEP_REPLACED_DAYS} days after it was replaced`, async () => {
    await buildRelease('first');
    const firstScreen = screenChunk();
    later(1);
    await buildRelease('second');
    const secondScreen = screenChunk();
    later(KEEP_REPLACED_DAYS);
    await buildRelease('third');
    expect(assets().filter((file) => file.startsWith(firstScreen))).toEqual([]);
    // The second was replaced just now: a page opened a minute ago runs it.
    expect(assets()).toContain(secondScreen);
  });

  it('is the same release when built again from the same source, which replaces nothing', async () => {
    await buildRelease('first');
    later(1);
    await buildRelease('second');
    const files = assets();
    // Were each build a release, the first would be pushed out by the count of replaced ones.
    for (let n = 0; n <= KEEP_REPLACED_RELEASES; n += 1) {
      later(1);
      await buildRelease('second');
    }
    expect(assets()).toEqual(files);
  });

  it('writes everything outside the assets folder afresh, as emptying the folder did', async () => {
    mkdirSync(join(root, 'public'));
    writeFileSync(join(root, 'public', 'old-icon.txt'), 'icon');
    await buildRelease('first');
    expect(existsSync(join(dist(), 'old-icon.txt'))).toBe(true);
    rmSync(join(root, 'public', 'old-icon.txt'));
    writeFileSync(join(dist(), 'stray.html'), 'left by hand');
    await buildRelease('second');
    expect(readdirSync(dist()).sort()).toEqual(['.vite', 'assets', 'index.html']);
  });

  it('keeps the files of a build made before releases were recorded', async () => {
    await buildRelease('first', []);
    const firstScreen = screenChunk();
    await buildRelease('second');
    expect(assets()).toContain(firstScreen);
  });

  it('keeps the files it finds where the record cannot be read', async () => {
    await buildRelease('first');
    const firstScreen = screenChunk();
    writeFileSync(join(dist(), '.vite', 'releases.json'), '{ not json');
    await buildRelease('second');
    expect(assets()).toContain(firstScreen);
  });

  it('finds the files of such a build the same release when its source is built again', async () => {
    await buildRelease('first', []);
    await buildRelease('first');
    const record = JSON.parse(readFileSync(join(dist(), '.vite', 'releases.json'), 'utf8')) as { assets: string[] }[];
    expect(record).toHaveLength(1);
    expect(record[0]?.assets).toEqual(assets().filter((file) => !file.endsWith('.gz')));
  });
});

describe("the web app's build", () => {
  it('keeps earlier releases', async () => {
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      'vite.config.ts',
      undefined,
      'silent',
      undefined,
      'runner',
    );
    const names = (loaded?.config.plugins ?? [])
      .flat()
      .map((plugin) => (plugin && 'name' in plugin ? plugin.name : null));
    expect(names).toContain('member-kept-releases');
  });
});
