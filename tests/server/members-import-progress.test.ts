import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressReporter } from '../../server/modules/members-import/progress';

function output(isTTY: boolean) {
  const stream = { isTTY, columns: 100, text: '' };
  const write = (chunk: string) => {
    stream.text += chunk;
    return true;
  };
  return Object.assign(stream, { write }) as typeof stream & NodeJS.WriteStream;
}

// As the import reports: after each batch of 500 rows, one second apart, then the whole file.
function importFiveThousandLines(report: (done: number) => void) {
  for (let done = 500; done < 5_000; done += 500) {
    vi.advanceTimersByTime(1_000);
    report(done);
  }
  vi.advanceTimersByTime(1_000);
  report(4_999);
  report(5_000);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('import progress', () => {
  it('writes a plain line at every tenth of the file when the output is a pipe', () => {
    const out = output(false);
    importFiveThousandLines(progressReporter(5_000, out));
    expect(out.text.split('\n')).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((tenth) => `進度：${tenth * 500}/5000 行（${tenth * 10}%），每秒 500 行`),
      '進度：5000/5000 行（100%），每秒 500 行',
      '',
    ]);
  });

  it('draws one bar on a terminal and ends it with a newline when the file is read', () => {
    const out = output(true);
    importFiveThousandLines(progressReporter(5_000, out));
    const seen = stripVTControlCharacters(out.text);
    expect(seen).toContain('[###############---------------] 50% 2500/5000 行，每秒 500 行');
    expect(seen.endsWith('[##############################] 100% 5000/5000 行，每秒 500 行\n')).toBe(true);
    expect(seen.match(/\n/g)).toHaveLength(1);
  });
});
