import { Writable } from 'node:stream';
import { loggerOptions } from '../../../server/lib/logger';

export interface CapturedLogs {
  /** The server's own logger settings, writing here instead of to standard output. */
  logger: ReturnType<typeof loggerOptions> & { stream: Writable };
  /** Every line logged so far, as written. */
  text(): string;
  /** The parsed lines whose message includes `fragment`. */
  lines(fragment?: string): Record<string, unknown>[];
}

export function captureLogs(): CapturedLogs {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return {
    logger: { ...loggerOptions(), stream },
    text: () => written.join('\n'),
    lines: (fragment = '') =>
      written
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => String(line.msg).includes(fragment)),
  };
}
