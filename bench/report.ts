/** A plain-text table: first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(width(cell), ...rows.map((row) => width(row[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const pad = ' '.repeat((widths[i] ?? 0) - width(cell));
        return i === 0 ? cell + pad : pad + cell;
      })
      .join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

// Counts CJK characters as two columns, as terminals show them.
const width = (text: string) =>
  [...text].reduce((sum, ch) => sum + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1), 0);

export const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;
// autocannon records latency in whole milliseconds.
export const ms = (n: number) => (n < 1 ? '<1 ms' : `${Math.round(n)} ms`);
export const ratio = (a: number, b: number) => `${(a / b).toPrecision(2)}×`;
export const kibText = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
