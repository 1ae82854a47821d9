import { availableParallelism } from 'node:os';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ecMembers, members } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { newReferralCode } from '../members/service';
import type { CsvRecord } from './csv';
import { birthdayPassword, type ImportRow, isHeader, parseImportRow } from './rows';

export interface BadRow {
  line: number;
  reason: string;
}

export interface ImportSummary {
  /** Member records read (the header line not counted). */
  read: number;
  imported: number;
  /** Already in the database: left exactly as they are. */
  existing: number;
  bad: BadRow[];
}

export interface ImportOptions {
  /** Fill the legacy e-commerce list instead of the member accounts. */
  ec: boolean;
  now: Date;
  onProgress?: (recordsRead: number) => void;
  /** Password hashes computed at once; hashing dominates, so one per core. */
  concurrency?: number;
}

const BATCH_SIZE = 500;

/** Imports members from CSV records; a second run of the same file changes nothing. */
export async function importMembers(db: Db, records: AsyncIterable<CsvRecord>, options: ImportOptions) {
  const summary: ImportSummary = { read: 0, imported: 0, existing: 0, bad: [] };
  const firstLineOfMobile = new Map<string, number>();
  let batch: ImportRow[] = [];
  const count =
    (read: number) =>
    ({ imported, existing }: Written) => {
      summary.imported += imported;
      summary.existing += existing;
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
    const write = writeMembers(db, prepared, options).then(count(summary.read));
    // Awaited by the next flush or at the end; until then a failure must not count as unhandled.
    write.catch(() => {});
    writing = write;
  };

  for await (const record of records) {
    if (summary.read === 0 && summary.bad.length === 0 && isHeader(record.fields)) continue;
    summary.read++;
    const result = parseImportRow(record.fields, { birthdayRequired: !options.ec });
    if (!result.ok) {
      summary.bad.push({ line: record.line, reason: result.reason });
      continue;
    }
    const first = firstLineOfMobile.get(result.row.mobile);
    if (first !== undefined) {
      summary.bad.push({ line: record.line, reason: `mobile 欄：與第 ${first} 行重複` });
      continue;
    }
    firstLineOfMobile.set(result.row.mobile, record.line);
    batch.push(result.row);
    if (batch.length >= BATCH_SIZE) await flush();
  }
  await flush();
  await writing;
  return summary;
}

async function existingMobiles(db: Db, mobiles: string[]): Promise<Set<string>> {
  if (mobiles.length === 0) return new Set();
  const rows = await db.select({ mobile: members.mobile }).from(members).where(inArray(members.mobile, mobiles));
  return new Set(rows.map((row) => row.mobile));
}

interface Written {
  imported: number;
  existing: number;
}

interface PreparedMembers {
  /** Rows whose mobile is already a member. */
  present: number;
  pending: { row: ImportRow; passwordHash: string }[];
}

/** Looks up which mobiles are new and hashes their birthday passwords (the slow part). */
async function prepareMembers(db: Db, rows: ImportRow[], options: ImportOptions): Promise<PreparedMembers> {
  const present = await existingMobiles(
    db,
    rows.map((row) => row.mobile),
  );
  // Only new members are hashed: a re-run of a large file costs lookups, not argon2id.
  const fresh = rows.filter((row) => !present.has(row.mobile));
  const hashes = await mapConcurrently(fresh, options.concurrency ?? availableParallelism(), (row) =>
    hashPassword(birthdayPassword(row.birthday as string)),
  );
  return { present: present.size, pending: fresh.map((row, i) => ({ row, passwordHash: hashes[i] as string })) };
}

/** Writes prepared members; a mobile registered meanwhile counts as existing. */
async function writeMembers(db: Db, prepared: PreparedMembers, options: ImportOptions): Promise<Written> {
  let { pending } = prepared;
  let imported = 0;
  let existing = prepared.present;
  while (pending.length > 0) {
    const inserted = await db
      .insert(members)
      .values(
        pending.map(({ row, passwordHash }) => ({
          mobile: row.mobile,
          name: row.name,
          passwordHash,
          gender: row.gender,
          email: row.email,
          birthday: (row.birthday as string).replaceAll('/', '-'),
          mustChangePassword: true,
          referralCode: newReferralCode(),
          createdAt: options.now,
          updatedAt: options.now,
        })),
      )
      .onConflictDoNothing()
      .returning({ mobile: members.mobile });
    imported += inserted.length;
    const done = new Set(inserted.map((row) => row.mobile));
    const missed = pending.filter(({ row }) => !done.has(row.mobile));
    // A row is missed either because someone registered that mobile meanwhile, or because its
    // random referral code collided; the second kind is retried with a new code.
    const takenMeanwhile = await existingMobiles(
      db,
      missed.map(({ row }) => row.mobile),
    );
    existing += takenMeanwhile.size;
    pending = missed.filter(({ row }) => !takenMeanwhile.has(row.mobile));
  }
  return { imported, existing };
}

async function insertEcMembers(db: Db, rows: ImportRow[]): Promise<Written> {
  if (rows.length === 0) return { imported: 0, existing: 0 };
  const inserted = await db
    .insert(ecMembers)
    .values(rows.map((row) => ({ phone: row.mobile, name: row.name, email: row.email })))
    .onConflictDoNothing({ target: ecMembers.phone })
    .returning({ phone: ecMembers.phone });
  return { imported: inserted.length, existing: rows.length - inserted.length };
}

async function mapConcurrently<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
