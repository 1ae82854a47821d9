import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import type { Plugin } from 'vite';
import { filesToRemove, isCompressedTwin, nextReleases, type Release } from './releases';

/** The build's own notes, beside Vite's manifest: the server never serves a dotted path. */
const RECORD = join('.vite', 'releases.json');

const recordSchema = v.array(
  v.object({ assets: v.array(v.string()), builtAt: v.string(), replacedAt: v.optional(v.string()) }),
);

function readRecord(file: string): Release[] | null {
  try {
    const releases = v.safeParse(recordSchema, JSON.parse(readFileSync(file, 'utf8')));
    return releases.success ? releases.output : null;
  } catch {
    return null;
  }
}

/**
 * The releases the last build kept. Files found with no record, or with one that cannot be read
 * (a build before this plugin, a record edited by hand), are kept as one release.
 */
function earlierReleases(outDir: string, assetsDir: string, now: Date): Release[] {
  const recorded = readRecord(join(outDir, RECORD));
  if (recorded) return recorded;
  const assets = existsSync(assetsDir) ? readdirSync(assetsDir).filter((file) => !isCompressedTwin(file)) : [];
  return assets.length > 0 ? [{ assets, builtAt: now.toISOString() }] : [];
}

/**
 * A new build keeps the hashed files of the releases before it (scripts/releases.ts, decision
 * 0019) instead of emptying `dist/`: everything else there is written afresh, as Vite's emptying
 * would, and the files of releases no longer kept are removed once the new ones are written.
 */
export function keptReleases(now: () => Date = () => new Date()): Plugin {
  let outDir = '';
  let assetsDir = '';
  let assetsFolder = 'assets';
  let earlier: Release[] = [];
  return {
    name: 'member-kept-releases',
    apply: 'build',
    config: () => ({ build: { emptyOutDir: false } }),
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      assetsFolder = config.build.assetsDir;
      assetsDir = join(outDir, assetsFolder);
    },
    buildStart() {
      earlier = earlierReleases(outDir, assetsDir, now());
      if (!existsSync(outDir)) return;
      for (const entry of readdirSync(outDir)) {
        if (entry !== assetsFolder) rmSync(join(outDir, entry), { recursive: true, force: true });
      }
    },
    writeBundle(_options, bundle) {
      const prefix = `${assetsFolder}/`;
      const assets = Object.keys(bundle)
        .filter((file) => file.startsWith(prefix) && !isCompressedTwin(file))
        .map((file) => file.slice(prefix.length));
      const releases = nextReleases(earlier, assets, now());
      const files = existsSync(assetsDir) ? readdirSync(assetsDir) : [];
      for (const file of filesToRemove(files, releases)) rmSync(join(assetsDir, file), { force: true });
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      writeFileSync(join(outDir, RECORD), `${JSON.stringify(releases, null, 2)}\n`);
    },
  };
}
