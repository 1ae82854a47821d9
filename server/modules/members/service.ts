import { randomInt } from 'node:crypto';
import { and, count, eq, gt, inArray, isNotNull, isNull, lte, or, type Placeholder, type SQL } from 'drizzle-orm';
import type { Gender } from '#protocol';
import { DEMO_MEMBER } from '../../config';
import type { Db } from '../../db/client';
import { memberAuditEvents, members } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

export type Member = typeof members.$inferSelect;

// No 0/O or 1/I/L, so a code read aloud or copied by hand survives.
const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const REFERRAL_LENGTH = 8;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_LENGTH; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/**
 * A registration that never reached step 3 and whose temp token has expired holds nothing:
 * every lookup by mobile passes it by, and the next registration of the mobile removes it.
 */
export const holdsMobile = (now: Date | SQL) =>
  or(isNull(members.registrationExpiresAt), gt(members.registrationExpiresAt, now));

/** The member holding the mobile at `now`, as a query to run or to build on (login counts its check alongside). */
export const memberHoldingMobile = (db: Db, mobile: string | Placeholder, now: Date | SQL) =>
  db
    .select()
    .from(members)
    .where(and(eq(members.mobile, mobile), holdsMobile(now)));

export async function findMemberByMobile(db: Db, mobile: string, now: Date): Promise<Member | null> {
  const [member] = await memberHoldingMobile(db, mobile, now);
  return member ?? null;
}

export async function findMemberById(db: Db, id: string): Promise<Member | null> {
  const [member] = await db.select().from(members).where(eq(members.id, id));
  return member ?? null;
}

export async function isMobileRegistered(db: Db, mobile: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.mobile, mobile), holdsMobile(now)));
  return row !== undefined;
}

/**
 * The audit rows of the registrations `lapsed` picks: one made with LINE recorded its binding. Its
 * visitor never became a member, so neither their LINE user nor their address is kept (the audit
 * trail is of members' accounts), where the row would otherwise stay for good with no member.
 */
const forgetAuditOfLapsed = (db: Db, lapsed: SQL | undefined) =>
  db
    .delete(memberAuditEvents)
    .where(inArray(memberAuditEvents.memberId, db.select({ id: members.id }).from(members).where(lapsed)));

/** Removes an expired, unfinished registration of the mobile, so the mobile can be taken (inside the taker's transaction). */
export async function removeStaleRegistration(tx: Db, mobile: string, now: Date): Promise<void> {
  const lapsed = and(eq(members.mobile, mobile), lte(members.registrationExpiresAt, now));
  await forgetAuditOfLapsed(tx, lapsed);
  await tx.delete(members).where(lapsed);
}

/**
 * Removes every expired, unfinished registration; answers how many. Their invites, LINE bindings
 * and tokens go with them, and so do their audit rows. A lapsed registration never comes back to
 * life, so the two statements need no transaction.
 */
export async function sweepStaleRegistrations(db: Db, now: Date): Promise<number> {
  const lapsed = lte(members.registrationExpiresAt, now);
  await forgetAuditOfLapsed(db, lapsed);
  const removed = await db.delete(members).where(lapsed).returning({ id: members.id });
  return removed.length;
}

/** Step 3 is done (verified or skipped), or the member signed in: the registration stands for good. */
export async function completeRegistration(db: Db, memberId: string): Promise<void> {
  await completing(db, memberId);
}

/** `completeRegistration` as a WITH query, to ride along with the statement that signs the member in. */
export function registrationCompleted(db: Db, memberId: string) {
  return db.$with('registration_completed').as(completing(db, memberId).returning({ id: members.id }));
}

const completing = (db: Db, memberId: string) =>
  db
    .update(members)
    .set({ registrationExpiresAt: null })
    .where(and(eq(members.id, memberId), isNotNull(members.registrationExpiresAt)));

export interface NewMember {
  mobile: string;
  name: string;
  password: string;
  gender?: Gender | null;
  email?: string | null;
  birthday?: string | null;
  isVerified?: boolean;
  mustChangePassword?: boolean;
}

/** A member to insert whose password is already hashed (hashing is slow: done before any transaction). */
export interface MemberRecord extends Omit<NewMember, 'password'> {
  passwordHash: string;
  thirdPartyCrmData?: Record<string, unknown> | null;
  /** A self-registration: when it stops holding the mobile unless step 3 is done. */
  registrationExpiresAt?: Date | null;
}

/** Inserts a member with a fresh referral code; null when the mobile is already taken (not by a stale registration). */
export async function insertMember(db: Db, input: MemberRecord, now: Date): Promise<Member | null> {
  await removeStaleRegistration(db, input.mobile, now);
  for (;;) {
    const [member] = await db
      .insert(members)
      .values({
        mobile: input.mobile,
        name: input.name,
        passwordHash: input.passwordHash,
        gender: input.gender ?? null,
        email: input.email || null,
        birthday: input.birthday ? input.birthday.replaceAll('/', '-') : null,
        isVerified: input.isVerified ?? false,
        mustChangePassword: input.mustChangePassword ?? false,
        thirdPartyCrmData: input.thirdPartyCrmData ?? null,
        registrationExpiresAt: input.registrationExpiresAt ?? null,
        referralCode: newReferralCode(),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (member) return member;
    // The conflict was the mobile (taken, possibly by a registration that just committed) or, rarely, the referral code.
    const [holder] = await db.select({ id: members.id }).from(members).where(eq(members.mobile, input.mobile));
    if (holder) return null;
  }
}

/** Creates a member with a fresh referral code; throws when the mobile is taken. */
export async function createMember(db: Db, input: NewMember, now: Date): Promise<Member> {
  const { password, ...rest } = input;
  const member = await insertMember(db, { ...rest, passwordHash: await hashPassword(password) }, now);
  if (!member) throw new Error(`mobile ${input.mobile} is already registered`);
  return member;
}

/**
 * The member whose referral (invite) code this is, in any letter case. A lapsed registration's code
 * is no one's: the invite would go with it when the sweep removes it.
 */
export async function findMemberByReferralCode(db: Db, code: string, now: Date): Promise<Member | null> {
  const [member] = await db
    .select()
    .from(members)
    .where(and(eq(members.referralCode, code.toUpperCase()), holdsMobile(now)));
  return member ?? null;
}

/** Gives the member a new password (already hashed); a legacy birthday password is thereby replaced. */
export async function setMemberPassword(db: Db, id: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(members).set({ passwordHash, mustChangePassword: false, updatedAt: now }).where(eq(members.id, id));
}

/** Marks the member's mobile as verified. */
export async function markMemberVerified(db: Db, memberId: string, now: Date): Promise<void> {
  await db.update(members).set({ isVerified: true, updatedAt: now }).where(eq(members.id, memberId));
}

/**
 * Moves a not-yet-verified member to another mobile; false when the member is verified (or gone).
 * A mobile taken meanwhile fails on the unique constraint.
 */
export async function changeUnverifiedMobile(db: Db, memberId: string, mobile: string, now: Date): Promise<boolean> {
  const moved = await db
    .update(members)
    .set({ mobile, updatedAt: now })
    .where(and(eq(members.id, memberId), eq(members.isVerified, false)))
    .returning({ id: members.id });
  return moved.length > 0;
}

/** On an empty database in demo mode, the member printed at start; false when members exist. */
export async function ensureDemoMember(db: Db, now: Date): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(members);
  if ((row?.total ?? 0) > 0) return false;
  try {
    await createMember(db, { ...DEMO_MEMBER, isVerified: true }, now);
    return true;
  } catch (error) {
    // Another process starting at the same moment created it first.
    if (await isMobileRegistered(db, DEMO_MEMBER.mobile, now)) return false;
    throw error;
  }
}

/** Inside a transaction: the member, locked until the transaction ends. */
export async function lockMember(tx: Db, id: string): Promise<Member | null> {
  const [member] = await tx.select().from(members).where(eq(members.id, id)).for('update');
  return member ?? null;
}

/** The stored birthday (a `date`) as the wire's `YYYY/MM/DD`. */
export const wireBirthday = (member: Pick<Member, 'birthday'>): string | null =>
  member.birthday ? member.birthday.replaceAll('-', '/') : null;

export interface MemberDetails {
  name: string;
  gender: Gender | null;
  email: string | null;
  /** `YYYY/MM/DD` or null. */
  birthday: string | null;
}

/** Writes the details a member edits on the profile screen. */
export async function updateMemberDetails(db: Db, id: string, details: MemberDetails, now: Date): Promise<void> {
  await db
    .update(members)
    .set({
      name: details.name,
      gender: details.gender,
      email: details.email || null,
      birthday: details.birthday ? details.birthday.replaceAll('/', '-') : null,
      updatedAt: now,
    })
    .where(eq(members.id, id));
}

/**
 * Makes `mobile` the member's account, verified: the member has just proved it with a code.
 * A mobile another member took meanwhile fails on the unique constraint.
 */
export async function moveMemberToMobile(db: Db, id: string, mobile: string, now: Date): Promise<void> {
  await db.update(members).set({ mobile, isVerified: true, updatedAt: now }).where(eq(members.id, id));
}
