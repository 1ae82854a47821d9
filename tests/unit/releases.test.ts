import { describe, expect, it } from 'vitest';
import {
  filesToRemove,
  KEEP_REPLACED_DAYS,
  KEEP_REPLACED_RELEASES,
  nextReleases,
  type Release,
} from '../../scripts/releases';

// Which builds keep their files under dist/assets/ (decision 0019).

const day = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 24 * 60 * 60 * 1000);

describe('the releases a build keeps', () => {
  it('starts with the build itself', () => {
    expect(nextReleases([], ['index-B.js', 'app-A.js'], day(0))).toEqual([
      { assets: ['app-A.js', 'index-B.js'], builtAt: day(0).toISOString() },
    ]);
  });

  it('keeps the release it replaces, marked with when', () => {
    const first = nextReleases([], ['index-1.js'], day(0));
    expect(nextReleases(first, ['index-2.js'], day(3))).toEqual([
      { assets: ['index-2.js'], builtAt: day(3).toISOString() },
      { assets: ['index-1.js'], builtAt: day(0).toISOString(), replacedAt: day(3).toISOString() },
    ]);
  });

  it('counts the same files built again as the same release, which replaces nothing', () => {
    const two = nextReleases(nextReleases([], ['index-1.js'], day(0)), ['index-2.js'], day(1));
    expect(nextReleases(two, ['index-2.js'], day(2))).toEqual(two);
  });

  it('counts the days of a replaced release from its replacement, not from its build', () => {
    // Built long ago, replaced today: a page opened yesterday still runs it.
    const old = nextReleases([], ['index-1.js'], day(0));
    const replaced = nextReleases(old, ['index-2.js'], day(100));
    expect(nextReleases(replaced, ['index-3.js'], day(101)).map((r) => r.assets)).toEqual([
      ['index-3.js'],
      ['index-2.js'],
      ['index-1.js'],
    ]);
  });

  it(`lets a release go ${KEEP_REPLACED_DAYS} days after it was replaced`, () => {
    const replaced = nextReleases(nextReleases([], ['index-1.js'], day(0)), ['index-2.js'], day(1));
    const before = nextReleases(replaced, ['index-3.js'], day(1 + KEEP_REPLACED_DAYS - 1));
    expect(before.map((r) => r.assets[0])).toEqual(['index-3.js', 'index-2.js', 'index-1.js']);
    const after = nextReleases(replaced, ['index-3.js'], day(1 + KEEP_REPLACED_DAYS));
    expect(after.map((r) => r.assets[0])).toEqual(['index-3.js', 'index-2.js']);
  });

  it(`keeps at most ${KEEP_REPLACED_RELEASES} replaced releases, the latest ones`, () => {
    let releases: Release[] = [];
    for (let n = 1; n <= KEEP_REPLACED_RELEASES + 3; n += 1)
      releases = nextReleases(releases, [`index-${n}.js`], day(0));
    expect(releases).toHaveLength(KEEP_REPLACED_RELEASES + 1);
    expect(releases.map((r) => r.assets[0])).toEqual([
      'index-7.js',
      'index-6.js',
      'index-5.js',
      'index-4.js',
      'index-3.js',
    ]);
  });
});

describe('the files a build removes', () => {
  const kept: Release[] = [
    { assets: ['index-2.js', 'style-2.css'], builtAt: day(1).toISOString() },
    { assets: ['index-1.js'], builtAt: day(0).toISOString(), replacedAt: day(1).toISOString() },
  ];

  it('are those of no release kept, with their compressed twins', () => {
    const files = ['index-0.js', 'index-0.js.br', 'index-0.js.gz', 'index-1.js', 'index-1.js.br', 'index-2.js'];
    expect(filesToRemove([...files, 'style-2.css', 'style-2.css.gz', 'logo-0.png'], kept)).toEqual([
      'index-0.js',
      'index-0.js.br',
      'index-0.js.gz',
      'logo-0.png',
    ]);
  });
});
