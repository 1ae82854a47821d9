import { taipeiTimestamp } from '#protocol';
import type { Db } from '../../db/client';
import type { CsvRecord } from './csv';
import { headerProblem, type ImportRow, looksLikeHeader, parseImportRow } from './rows';
import { insertEcMembers, prepareMembers, type Written, writeMembers } from './writes';

export interface BadRow {
  line: number;
  reason: string;
}

export interface ImportSummary {
  /** Why nothing of the file was imported (its header names other columns); null when it was read. */
  refused: string | null;
  /** Member records read (the header line not counted). */
  read: number;
  imported: number;
  /** Already in the database: left exactly as they are. */
  existing: number;
  /** Lines, among `existing`, of a member who has since moved to another mobile: not imported on the one they left. */
  movedAway: number[];
  /** Rows not imported, by line: bad data, or a mobile someone is registering right now. */
  bad: BadRow[];
  /** Stopped by `signal` before the end of the file: what was written stays, and a re-run goes on. */
  interrupted: boolean;
}

export interface ImportOptions {
  /** Fill the legacy e-commerce list instead of the member accounts. */
  ec: boolean;
  now: Date;
  onProgress?: (recordsRead: number) => void;
  /** Password hashes computed at once; hashing dominates, so one per core. */
  concurrency?: number;
  /**
   * Stops the import between batches: the batch being written is finished, the rows read since
   * are left for a re-run (Ctrl-C: a PGlite directory killed mid-write may not open again).
   */
  signal?: AbortSignal;
}

const BATCH_SIZE = 500;

// The registration is the member's own and may still finish; once it lapses, a re-run imports the row.
const registeringReason = (until: Date) =>
  `mobile 欄：此號碼的自助註冊尚未完成（${taipeiTimestamp(until)} 前有效），請在那之後重新匯入這個檔案`;

/** Imports members from CSV records; a second run of the same file changes nothing. */
export async function importMembers(db: Db, records: AsyncIterable<CsvRecord>, options: ImportOptions) {
  const summary: ImportSummary = {
    refused: null,
    read: 0,
    imported: 0,
    existing: 0,
    movedAway: [],
    bad: [],
    interrupted: false,
  };
  const firstLineOfMobile = new Map<string, number>();
  let batch: ImportRow[] = [];
  const count =
    (read: number) =>
    ({ imported, existing, registering, movedAway }: Written) => {
      summary.imported += imported;
      summary.existing += existing;
      for (const mobile of movedAway) summary.movedAway.push(firstLineOfMobile.get(mobile) ?? 0);
      for (const [mobile, until] of registering) {
        summary.bad.push({ line: firstLineOfMobile.get(mobile) ?? 0, reason: registeringReason(until) });
      }
      options.onProgress?.(read);
    };
  // Hashing a batch (every core) and writing the previous one (the database) overlap: the
  // write of batch N runs while batch N+1 is read and hashed, so the import takes about as long
  // as hashing alone. One write at a time keeps the order and the retries simple.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const rows = batch;
    batch = [];
    if (options.ec) return count(summary.read)(await insertEcMembers(db, rows));
    const prepared = await prepareMembers(db, rows, options);
    await writing;
    const write = writeMembers(db, prepared, options.now).then(count(summary.read));
    // Awaited by the next flush or at the end; until then a failure must not count as unhandled.
    write.catch(() => {});
    writing = write;
  };

  let first = true;
  for await (const record of records) {
    if (options.signal?.aborted) {
      summary.interrupted = true;
      break;
    }
    if (first) {
      first = false;
      if (looksLikeHeader(record.fields)) {
        // The first record: nothing is written yet when a header refuses the file.
        summary.refused = headerProblem(record.fields);
        if (summary.refused) return summary;
        continue;
      }
    }
    summary.read++;
    const result = parseImportRow(record.fields, { birthdayKept: !options.ec, now: options.now });
    if (!result.ok) {
      summary.bad.push({ line: record.line, reason: result.reason });
      continue;
    }
    const earlier = firstLineOfMobile.get(result.row.mobile);
    if (earlier !== undefined) {
      summary.bad.push({ line: record.line, reason: `mobile 欄：與第 ${earlier} 行重複` });
      continue;
    }
    firstLineOfMobile.set(result.row.mobile, record.line);
    batch.push(result.row);
    if (batch.length >= BATCH_SIZE) await flush();
  }
  if (!summary.interrupted) await flush();
  await writing;
  summary.bad.sort((a, b) => a.line - b.line);
  summary.movedAway.sort((a, b) => a - b);
  return summary;
}
