import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export interface CsvRecord {
  /** 1-based line number where the record starts, as an operator sees it in an editor. */
  line: number;
  fields: string[];
}

/** Splits one record's text into fields: commas, double quotes, "" for a quote inside quotes. */
export function parseCsvRecord(text: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
    } else {
      field += ch;
    }
  }
  fields.push(field);
  return fields;
}

const quoteCount = (text: string) => text.split('"').length - 1;

/** Streams a CSV file record by record, so a file of any size needs little memory. */
export async function* readCsv(path: string): AsyncGenerator<CsvRecord> {
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let lineNumber = 0;
  let pending = '';
  let start = 0;
  for await (const raw of lines) {
    lineNumber++;
    const line = lineNumber === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (pending === '') start = lineNumber;
    pending = pending === '' ? line : `${pending}\n${line}`;
    // An odd number of quotes means a quoted field goes on to the next line.
    if (quoteCount(pending) % 2 === 1) continue;
    if (pending.trim() !== '') yield { line: start, fields: parseCsvRecord(pending) };
    pending = '';
  }
  if (pending.trim() !== '') yield { line: start, fields: parseCsvRecord(pending) };
}
