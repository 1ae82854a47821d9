import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every string a member sees lives in the catalogue, src/i18n/zh-TW/ (../shared/STYLE.md), one
// file per feature so that each screen's chunk brings its own texts. A Han character or a
// full-width mark anywhere else in the web app, a comment included, is a text written in place.

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const CATALOGUE = join(SRC, 'i18n', 'zh-TW');
const ZH_TW = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return path === CATALOGUE ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the zh-TW catalogue', () => {
  it('holds every zh-TW text of the web app', () => {
    const inPlace = sourceFiles(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (ZH_TW.test(line) ? [`${relative(SRC, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(inPlace).toEqual([]);
  });

  it('is a folder of texts, one file per feature, with no index bringing them all', () => {
    const files = readdirSync(CATALOGUE).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    expect(files).not.toContain('index.ts');
    for (const file of files) expect(readFileSync(join(CATALOGUE, file), 'utf8')).toMatch(ZH_TW);
  });
});
