import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, lte, max, type SQL, sql } from 'drizzle-orm';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { type BatchOptions, deleteInBatches } from '../../db/delete-in-batches';
import { type VerificationPurpose, verificationCodes } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { Refusal } from '../../lib/refusal';
import { SmsSendError, verificationCodeText } from '../../sms';
import type { Outgoing } from './outgoing';

export { type Outgoing, outgoingFor, type SmsBudget, smsBudget } from './outgoing';

export type { VerificationPurpose };

/** Codes are per mobile and purpose: a register code proves nothing for a password reset. */
export interface CodeTarget {
  mobile: string;
  purpose: VerificationPurpose;
}
export type SendRefusal = 'SMS_SEND_LIMIT' | 'SMS_RESEND_TOO_SOON';
export type CheckOutcome = 'C01' | 'VERIFY_CODE_INCORRECT' | 'VERIFY_CODE_EXPIRED' | 'VERIFY_CODE_TOO_MANY_ATTEMPTS';

export interface PreparedCode {
  code: string;
  codeHash: string;
}
export interface RecordedCode extends CodeTarget {
  id: string;
  code: string;
}
export type RecordOutcome = { ok: true; recorded: RecordedCode } | { ok: false; rc: SendRefusal };

const CODE_DIGITS = 6;

const sameTarget = (target: CodeTarget) =>
  and(eq(verificationCodes.mobile, target.mobile), eq(verificationCodes.purpose, target.purpose));

/**
 * A fresh 6-digit code from the CSPRNG and its argon2id hash. Hashed like a password
 * because a million candidates are few: a fast hash would give a stolen row's code away.
 * Hashing is slow, so callers prepare the code before opening a transaction.
 */
export async function prepareCode(): Promise<PreparedCode> {
  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
  return { code, codeHash: await hashPassword(code) };
}

const HOUR = 60 * 60_000;
const MINUTE = 60_000;

const countSince = async (db: Db, where: SQL | undefined) => {
  const [row] = await db.select({ sends: count() }).from(verificationCodes).where(where);
  return row?.sends ?? 0;
};

/**
 * Which send limit a new code for the target, asked for from `outgoing`'s client address,
 * would break now, if any: 3 per mobile and purpose in 24 hours and 60 s apart, the
 * address's hourly budget of codes not yet entered, across every mobile and purpose, and the deployment's ceiling a
 * minute. Every count is of codes recorded in the database, so each holds across server
 * processes and restarts.
 */
export async function sendRefusal(
  db: Db,
  target: CodeTarget,
  now: Date,
  outgoing: Outgoing,
): Promise<SendRefusal | null> {
  const windowStart = new Date(now.getTime() - LIMITS.smsSendWindowMs);
  const [recent] = await db
    .select({ sends: count(), lastSentAt: max(verificationCodes.sentAt) })
    .from(verificationCodes)
    .where(and(sameTarget(target), gt(verificationCodes.sentAt, windowStart)));
  if ((recent?.sends ?? 0) >= LIMITS.smsSendsPerWindow) return 'SMS_SEND_LIMIT';
  const lastSentAt = recent?.lastSentAt;
  if (lastSentAt && now.getTime() - lastSentAt.getTime() < LIMITS.smsResendMs) return 'SMS_RESEND_TOO_SOON';
  const { budget, clientAddress } = outgoing;
  const hourAgo = new Date(now.getTime() - HOUR);
  // A code its member entered proved a phone in their hand: only the codes never entered count,
  // so a store's registration drive on one Wi-Fi address is not held to 10 members an hour
  // (decision 0026), while sends to numbers no one answers for still are.
  const fromAddress = and(
    eq(verificationCodes.clientAddress, clientAddress),
    gt(verificationCodes.sentAt, hourAgo),
    isNull(verificationCodes.usedAt),
  );
  if ((await countSince(db, fromAddress)) >= budget.perAddressPerHour) return 'SMS_SEND_LIMIT';
  const minuteAgo = new Date(now.getTime() - MINUTE);
  if ((await countSince(db, gt(verificationCodes.sentAt, minuteAgo))) >= budget.maxPerMinute) {
    budget.onCeiling();
    return 'SMS_SEND_LIMIT';
  }
  return null;
}

const advisoryLock = (tx: Db, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

/**
 * Inside the caller's transaction: checks the send limits and records the code. Each count
 * a send is held to has its own transaction-scoped advisory lock, taken always in the same
 * order (the mobile and purpose, the client address, the deployment), so concurrent sends
 * from any server processes queue at each count instead of both passing it. Callers record
 * the code last in their transaction, so the deployment's lock is held only briefly: a row
 * written after it that waits on a member's row (a foreign key waits for a password change, a
 * profile save) would make every send in the deployment wait too.
 */
export async function recordCode(
  tx: Db,
  target: CodeTarget,
  prepared: PreparedCode,
  now: Date,
  outgoing: Outgoing,
): Promise<RecordOutcome> {
  await advisoryLock(tx, `verification:${target.purpose}:${target.mobile}`);
  await advisoryLock(tx, `sms-address:${outgoing.clientAddress}`);
  await advisoryLock(tx, 'sms-deployment');
  const refusal = await sendRefusal(tx, target, now, outgoing);
  if (refusal) return { ok: false, rc: refusal };
  // Sends older than the window no longer count for anything.
  const windowStart = new Date(now.getTime() - LIMITS.smsSendWindowMs);
  await tx.delete(verificationCodes).where(and(sameTarget(target), lte(verificationCodes.sentAt, windowStart)));
  const [row] = await tx
    .insert(verificationCodes)
    .values({
      ...target,
      codeHash: prepared.codeHash,
      sentAt: now,
      expiresAt: new Date(now.getTime() + LIMITS.verifyCodeMs),
      clientAddress: outgoing.clientAddress,
    })
    .returning({ id: verificationCodes.id });
  if (!row) throw new Error('verification code insert returned no row');
  return { ok: true, recorded: { ...target, id: row.id, code: prepared.code } };
}

/**
 * `recordCode` for a caller whose own rows (a temp token, a pending request) are written first in
 * the transaction: a refusal throws a Refusal, so those rows roll back with it and the refusal
 * leaves nothing behind, as when it came before them. `refused` around the transaction answers it.
 */
export async function recordCodeOrRollBack(
  tx: Db,
  target: CodeTarget,
  prepared: PreparedCode,
  now: Date,
  outgoing: Outgoing,
): Promise<RecordedCode> {
  const code = await recordCode(tx, target, prepared, now, outgoing);
  if (!code.ok) throw new Refusal<SendRefusal>(code.rc);
  return code.recorded;
}

/**
 * Sends a recorded code by SMS; when the provider fails, SmsSendError is thrown. A send the
 * provider refused is withdrawn, so it neither counts against the limits nor stands in the way
 * of a resend. One that may have gone all the same (no answer in time, a 5xx) stays: it counts,
 * as a send whose answer the member lost does, and its code is the one to check if it arrives.
 */
export async function deliverCode(db: Db, outgoing: Outgoing, recorded: RecordedCode): Promise<void> {
  try {
    await outgoing.sms.send({
      to: recorded.mobile,
      text: verificationCodeText(recorded.purpose, recorded.code),
      purpose: recorded.purpose,
    });
  } catch (error) {
    if (error instanceof SmsSendError && error.mayHaveGone) throw error;
    await db.delete(verificationCodes).where(eq(verificationCodes.id, recorded.id));
    if (error instanceof SmsSendError) throw error;
    throw new SmsSendError(`簡訊發送失敗：${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * Sends a new code for the target within the limits and answers it as recorded (a caller that
 * holds on to its code keeps the id), or the limit it broke. Throws SmsSendError when the provider fails.
 */
export async function sendNewCode(
  db: Db,
  outgoing: Outgoing,
  target: CodeTarget,
  now: Date,
): Promise<RecordedCode | SendRefusal> {
  // A cheap look first, so a refused send costs no hashing.
  const early = await sendRefusal(db, target, now, outgoing);
  if (early) return early;
  const prepared = await prepareCode();
  const outcome = await db.transaction((tx) => recordCode(tx, target, prepared, now, outgoing));
  if (!outcome.ok) return outcome.rc;
  await deliverCode(db, outgoing, outcome.recorded);
  return outcome.recorded;
}

/** `sendNewCode` for a caller that needs only to know the code went. */
export async function sendCode(
  db: Db,
  outgoing: Outgoing,
  target: CodeTarget,
  now: Date,
): Promise<'C01' | SendRefusal> {
  const sent = await sendNewCode(db, outgoing, target, now);
  return typeof sent === 'string' ? sent : 'C01';
}

/** The target's newest code: the only one that can be entered (a new one replaces the last). */
const newestCode = (db: Db, target: CodeTarget) =>
  db.select().from(verificationCodes).where(sameTarget(target)).orderBy(desc(verificationCodes.sentAt)).limit(1);

type CodeRow = typeof verificationCodes.$inferSelect;

/** Why the newest code can no longer be entered, if it cannot: used, killed, or expired. */
function spent(row: CodeRow, now: Date): 'VERIFY_CODE_EXPIRED' | 'VERIFY_CODE_TOO_MANY_ATTEMPTS' | null {
  if (row.usedAt) return 'VERIFY_CODE_EXPIRED';
  if (row.wrongAttempts >= LIMITS.verifyCodeMaxAttempts) return 'VERIFY_CODE_TOO_MANY_ATTEMPTS';
  if (now >= row.expiresAt) return 'VERIFY_CODE_EXPIRED';
  return null;
}

/** Whether the target's newest code can still be entered: the one a request made again within the minute goes on with. */
export async function codeOnItsWay(db: Db, target: CodeTarget, now: Date): Promise<boolean> {
  const [row] = await newestCode(db, target);
  return row !== undefined && spent(row, now) === null;
}

/**
 * The code a check reads: the target's newest, or the one a request holds (`codeId`, none when it
 * holds no code), always of the target's mobile and purpose.
 */
function codeToCheck(db: Db, target: CodeTarget, codeId: string | null | undefined) {
  if (codeId === undefined) return newestCode(db, target);
  if (codeId === null) return null;
  return db
    .select()
    .from(verificationCodes)
    .where(and(sameTarget(target), eq(verificationCodes.id, codeId)))
    .limit(1);
}

/**
 * Inside the caller's transaction: checks a code against the target's newest one, or the one
 * `codeId` names, which stays locked until the transaction ends. The right code is used up; each
 * wrong one counts, and the fifth kills the code for good (the member must ask for a new one).
 */
export async function checkCode(
  tx: Db,
  target: CodeTarget,
  code: string,
  now: Date,
  options: { codeId?: string | null } = {},
): Promise<CheckOutcome> {
  const [row] = (await codeToCheck(tx, target, options.codeId)?.for('update')) ?? [];
  if (!row) return 'VERIFY_CODE_EXPIRED';
  const refusal = spent(row, now);
  if (refusal) return refusal;
  if (await verifyPassword(row.codeHash, code)) {
    await tx.update(verificationCodes).set({ usedAt: now }).where(eq(verificationCodes.id, row.id));
    return 'C01';
  }
  const wrongAttempts = row.wrongAttempts + 1;
  await tx.update(verificationCodes).set({ wrongAttempts }).where(eq(verificationCodes.id, row.id));
  return wrongAttempts >= LIMITS.verifyCodeMaxAttempts ? 'VERIFY_CODE_TOO_MANY_ATTEMPTS' : 'VERIFY_CODE_INCORRECT';
}

/** `checkCode` in a transaction of its own, for flows with nothing else to change. */
export function verifyCode(db: Db, target: CodeTarget, code: string, now: Date): Promise<CheckOutcome> {
  return db.transaction((tx) => checkCode(tx, target, code, now));
}

/**
 * Removes the codes sent more than a day before the send limits' window: long expired, no longer
 * counted by any limit, and each a mobile number kept for nothing. Answers how many went.
 */
export function pruneOldCodes(db: Db, now: Date, batches: BatchOptions = {}): Promise<number> {
  const sentBefore = new Date(now.getTime() - LIMITS.smsSendWindowMs - LIMITS.spentRecordKeepMs);
  return deleteInBatches(
    db,
    verificationCodes,
    verificationCodes.id,
    lt(verificationCodes.sentAt, sentBefore),
    batches,
  );
}
