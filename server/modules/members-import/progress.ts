import { createReadStream } from 'node:fs';
import { SingleBar } from 'cli-progress';

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

/** A progress bar on a terminal; on a pipe, a plain line at every tenth of the file. */
export function progressReporter(total: number, out: NodeJS.WriteStream = process.stderr) {
  const started = Date.now();
  const measure = (done: number) => {
    const ratio = total > 0 ? Math.min(done / total, 1) : 1;
    const elapsed = (Date.now() - started) / 1000;
    return { ratio, percent: Math.round(ratio * 100), rate: elapsed > 0 ? Math.round(done / elapsed) : 0 };
  };
  if (out.isTTY) {
    const bar = new SingleBar({
      stream: out,
      // {percent} is rounded like the bar; cli-progress's own {percentage} rounds down.
      format: '[{bar}] {percent}% {value}/{total} 行，每秒 {rate} 行',
      barsize: 30,
      barCompleteChar: '#',
      barIncompleteChar: '-',
      // Cut to the terminal's width rather than switch its line wrapping off, which a Ctrl-C
      // during the import would leave switched off.
      linewrap: true,
      // Ends the bar with a newline once every line is read, before the summary prints.
      stopOnComplete: true,
    });
    bar.start(total, 0, measure(0));
    return (done: number) => bar.update(done, measure(done));
  }
  // A log keeps every line written, so a pipe gets ten lines rather than a redrawn bar.
  let lastTenth = -1;
  return (done: number) => {
    const { ratio, rate } = measure(done);
    const tenth = Math.floor(ratio * 10);
    if (tenth > lastTenth) {
      lastTenth = tenth;
      out.write(`進度：${done}/${total} 行（${tenth * 10}%），每秒 ${rate} 行\n`);
    }
  };
}
