import { createReadStream } from 'node:fs';

/** Newline count of a file, read as bytes: cheap enough to size a progress bar first. */
export async function countLines(path: string): Promise<number> {
  let lines = 0;
  let last = 10;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (const byte of chunk) if (byte === 10) lines++;
    last = chunk.at(-1) ?? last;
  }
  return last === 10 ? lines : lines + 1;
}

const BAR_WIDTH = 30;

/** A progress bar on a terminal; on a pipe, a plain line at every tenth of the file. */
export function progressReporter(total: number, out: NodeJS.WriteStream = process.stderr) {
  let lastTenth = -1;
  const started = Date.now();
  return (done: number) => {
    const ratio = total > 0 ? Math.min(done / total, 1) : 1;
    const elapsed = (Date.now() - started) / 1000;
    const rate = elapsed > 0 ? Math.round(done / elapsed) : 0;
    if (out.isTTY) {
      const filled = Math.round(ratio * BAR_WIDTH);
      out.write(
        `\r[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.round(ratio * 100)}% ${done}/${total} rows, ${rate}/s`,
      );
      if (ratio === 1) out.write('\n');
      return;
    }
    const tenth = Math.floor(ratio * 10);
    if (tenth > lastTenth) {
      lastTenth = tenth;
      out.write(`progress: ${done}/${total} rows (${tenth * 10}%), ${rate}/s\n`);
    }
  };
}
