import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline, Readable } from 'node:stream';
import { CsvError, type Info, type Options, type Parser, parse } from 'csv-parse';

export interface CsvRecord {
  /** 1-based line number where the record starts, as an operator sees it in an editor. */
  line: number;
  fields: string[];
}

const OPTIONS: Options = {
  bom: true,
  record_delimiter: '\n',
  // A record with the wrong number of columns or a stray quote is a bad row the import reports
  // by line; it must not stop the whole file.
  relax_column_count: true,
  relax_quotes: true,
  // Spaces around a quoted field (`0912345678, "王小明" ,…`) belong to the file, not the value.
  trim: true,
};

interface ParsedRecord {
  record: string[];
  info: Info;
}

// csv-parse keeps the first line ending it meets for the whole file and counts a CRLF inside a
// quoted field as two lines; spreadsheet exports end lines with CRLF and hand edits add LF. So
// readline cuts the file into the lines an editor shows, and csv-parse sees them joined by LF.
async function* editorLines(path: string, from: number) {
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let number = 0;
  for await (const line of lines) if (++number >= from) yield `${line}\n`;
}

/**
 * Streams a CSV file record by record, so a file of any size needs little memory. A record
 * csv-parse cannot read (a quote never closed, text after a closing quote) is answered as a
 * record with no fields at the line where it starts, which the import reports as a bad row;
 * reading goes on from the next line, so one broken quote loses no other member.
 */
export async function* readCsv(path: string): AsyncGenerator<CsvRecord> {
  for (let from: number | null = 1; from !== null; ) from = yield* readFrom(path, from);
}

/** The records from line `from` on; the line to go on from after an unreadable record, or null at the end. */
async function* readFrom(path: string, from: number): AsyncGenerator<CsvRecord, number | null> {
  const parser = parse({ ...OPTIONS, info: true });
  // A read error destroys the parser, so it reaches the loop below.
  pipeline(Readable.from(editorLines(path, from)), parser, () => {});
  let line = from;
  try {
    for await (const { record, info } of inOrder(parser)) {
      // An empty line, or a row of empty cells (`,,,,`): a spreadsheet writes those below its data.
      if (record.some((field) => field.trim() !== '')) yield { line, fields: record };
      line = from + info.lines;
    }
    return null;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    parser.destroy();
    yield { line, fields: [] };
    return line + 1;
  }
}

const HIGH_WATER = 64;

/**
 * The parser's records, then its error if it fails. Iterating the stream itself would drop the
 * records it had read but not yet handed over when the error came; events keep them, in order,
 * and pausing at HIGH_WATER keeps memory small while the import hashes passwords.
 */
async function* inOrder(parser: Parser): AsyncGenerator<ParsedRecord> {
  const queue: ParsedRecord[] = [];
  let ended = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => wake?.();
  parser.on('data', (record: ParsedRecord) => {
    queue.push(record);
    if (queue.length >= HIGH_WATER) parser.pause();
    notify();
  });
  parser.on('end', () => {
    ended = true;
    notify();
  });
  parser.on('error', (error) => {
    failure = error;
    notify();
  });
  for (;;) {
    const next = queue.shift();
    if (next) {
      if (queue.length < HIGH_WATER / 2) parser.resume();
      yield next;
    } else if (failure) {
      throw failure;
    } else if (ended) {
      return;
    } else {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  }
}
