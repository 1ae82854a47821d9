import { availableParallelism } from 'node:os';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ecMembers, memberAuditEvents, members } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { holdsMobile, newReferralCode, removeStaleRegistration } from '../members/service';
import { birthdayPassword, type ImportRow } from './rows';

export interface Written {
  imported: number;
  /** Already members: left exactly as they are. */
  existing: number;
  /** Mobiles a self-registration still under way holds, with the moment it lapses unless finished. */
  registering: Map<string, Date>;
  /** Mobiles a member has moved away from (counted in `existing`): the row is that member's, now on another mobile. */
  movedAway: string[];
}

/** Who has each mobile at `now`, by the rule that decides which rows hold a mobile. */
interface Holders {
  members: Set<string>;
  registering: Map<string, Date>;
  /** Registrations left unfinished past their time: they hold nothing, and the import takes their place. */
  lapsed: Set<string>;
  /**
   * Mobiles no one holds that a member has moved away from. The file's row for one is most likely
   * that member's, from before the move: imported, it would make a second account with their name,
   * email and birthday, whose first password is that birthday, on a mobile that may be someone
   * else's by now.
   */
  movedAway: Set<string>;
}

async function holdersOf(db: Db, mobiles: string[], now: Date): Promise<Holders> {
  const holders: Holders = { members: new Set(), registering: new Map(), lapsed: new Set(), movedAway: new Set() };
  if (mobiles.length === 0) return holders;
  const rows = await db
    .select({
      mobile: members.mobile,
      registrationExpiresAt: members.registrationExpiresAt,
      holds: sql<boolean>`${holdsMobile(now)}`,
    })
    .from(members)
    .where(inArray(members.mobile, mobiles));
  for (const { mobile, registrationExpiresAt, holds } of rows) {
    if (!holds) holders.lapsed.add(mobile);
    else if (registrationExpiresAt) holders.registering.set(mobile, registrationExpiresAt);
    else holders.members.add(mobile);
  }
  for (const { mobile } of await movedAwayFrom(db, mobiles)) {
    if (mobile && !holders.members.has(mobile) && !holders.registering.has(mobile)) holders.movedAway.add(mobile);
  }
  return holders;
}

/**
 * Which of `mobiles` a member still on record has moved away from: the audit trail keeps every
 * move, and the member it was of while that account exists. The trail grows with every change
 * for as long as the brand runs; an index of the moves' old mobiles keeps this one lookup per
 * batch of the import.
 */
export const movedAwayFrom = (db: Db, mobiles: string[]) =>
  db
    .selectDistinct({ mobile: memberAuditEvents.oldMobile })
    .from(memberAuditEvents)
    .where(
      and(
        eq(memberAuditEvents.eventType, 'mobile_change'),
        inArray(memberAuditEvents.oldMobile, mobiles),
        isNotNull(memberAuditEvents.memberId),
      ),
    );

const taken = (holders: Holders, mobile: string) =>
  holders.members.has(mobile) || holders.registering.has(mobile) || holders.movedAway.has(mobile);

export interface PreparedMembers {
  holders: Holders;
  pending: { row: ImportRow; passwordHash: string }[];
}

/** Looks up who holds each mobile and hashes the birthday passwords of the rest (the slow part). */
export async function prepareMembers(
  db: Db,
  rows: ImportRow[],
  { now, concurrency }: { now: Date; concurrency?: number },
): Promise<PreparedMembers> {
  const holders = await holdersOf(
    db,
    rows.map((row) => row.mobile),
    now,
  );
  // Only rows to insert are hashed: a re-run of a large file costs lookups, not argon2id.
  const fresh = rows.filter((row) => !taken(holders, row.mobile));
  const hashes = await mapConcurrently(fresh, concurrency ?? availableParallelism(), (row) =>
    hashPassword(birthdayPassword(row.birthday as string)),
  );
  return { holders, pending: fresh.map((row, i) => ({ row, passwordHash: hashes[i] as string })) };
}

/** Writes prepared members in place of lapsed registrations; a mobile taken meanwhile is counted, not written. */
export async function writeMembers(db: Db, prepared: PreparedMembers, now: Date): Promise<Written> {
  const written: Written = {
    imported: 0,
    existing: prepared.holders.members.size + prepared.holders.movedAway.size,
    registering: new Map(prepared.holders.registering),
    movedAway: [...prepared.holders.movedAway],
  };
  // In the mobiles' order: two imports of overlapping files take the rows' unique keys in one
  // order, and one waits for the other instead of each waiting for a row the other took (a
  // deadlock, which PostgreSQL ends by failing one of them).
  let pending = [...prepared.pending].sort(byMobile);
  let { lapsed } = prepared.holders;
  while (pending.length > 0) {
    // As registration does: the lapsed registration goes (with its invites and tokens), the mobile is free.
    for (const mobile of [...lapsed].sort()) await removeStaleRegistration(db, mobile, now);
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
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ mobile: members.mobile });
    written.imported += inserted.length;
    const done = new Set(inserted.map((row) => row.mobile));
    const missed = pending.filter(({ row }) => !done.has(row.mobile));
    // A row is missed because someone took its mobile meanwhile (a member or a registration), or
    // because its random referral code collided, which is retried with a new code.
    const holders = await holdersOf(
      db,
      missed.map(({ row }) => row.mobile),
      now,
    );
    written.existing += holders.members.size + holders.movedAway.size;
    written.movedAway.push(...holders.movedAway);
    for (const [mobile, until] of holders.registering) written.registering.set(mobile, until);
    lapsed = holders.lapsed;
    pending = missed.filter(({ row }) => !taken(holders, row.mobile));
  }
  return written;
}

export async function insertEcMembers(db: Db, rows: ImportRow[]): Promise<Written> {
  if (rows.length === 0) return { imported: 0, existing: 0, registering: new Map(), movedAway: [] };
  const inserted = await db
    .insert(ecMembers)
    .values([...rows].sort(byMobileOf).map((row) => ({ phone: row.mobile, name: row.name || null, email: row.email })))
    .onConflictDoNothing({ target: ecMembers.phone })
    .returning({ phone: ecMembers.phone });
  return {
    imported: inserted.length,
    existing: rows.length - inserted.length,
    registering: new Map(),
    movedAway: [],
  };
}

const byMobileOf = (a: ImportRow, b: ImportRow) => (a.mobile < b.mobile ? -1 : a.mobile > b.mobile ? 1 : 0);
const byMobile = (a: { row: ImportRow }, b: { row: ImportRow }) => byMobileOf(a.row, b.row);

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
