import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, lte, max, sql } from 'drizzle-orm';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { VERIFICATION_PURPOSES, type VerificationPurpose, verificationCodes } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { SmsSendError, type SmsSender, verificationCodeText } from '../../sms';

export { VERIFICATION_PURPOSES, type VerificationPurpose };

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

/** Which send limit a new code for the target would break now, if any. */
export async function sendRefusal(db: Db, target: CodeTarget, now: Date): Promise<SendRefusal | null> {
  const windowStart = new Date(now.getTime() - LIMITS.smsSendWindowMs);
  const [recent] = await db
    .select({ sends: count(), lastSentAt: max(verificationCodes.sentAt) })
    .from(verificationCodes)
    .where(and(sameTarget(target), gt(verificationCodes.sentAt, windowStart)));
  if ((recent?.sends ?? 0) >= LIMITS.smsSendsPerWindow) return 'SMS_SEND_LIMIT';
  const lastSentAt = recent?.lastSentAt;
  if (lastSentAt && now.getTime() - lastSentAt.getTime() < LIMITS.smsResendMs) return 'SMS_RESEND_TOO_SOON';
  return null;
}

/**
 * Inside the caller's transaction: checks the send limits and records the code. Every send
 * to one mobile for one purpose takes the same transaction-scoped advisory lock first, so
 * two concurrent sends (from any server processes) cannot both pass the limits.
 */
export async function recordCode(
  tx: Db,
  target: CodeTarget,
  prepared: PreparedCode,
  now: Date,
): Promise<RecordOutcome> {
  const lockKey = `verification:${target.purpose}:${target.mobile}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
  const refusal = await sendRefusal(tx, target, now);
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
    })
    .returning({ id: verificationCodes.id });
  if (!row) throw new Error('verification code insert returned no row');
  return { ok: true, recorded: { ...target, id: row.id, code: prepared.code } };
}

/**
 * Sends a recorded code by SMS. When the provider fails, the code is withdrawn, so the
 * failed send neither counts against the limits nor stands in the way of a resend, and
 * SmsSendError is thrown.
 */
export async function deliverCode(db: Db, sms: SmsSender, recorded: RecordedCode): Promise<void> {
  try {
    await sms.send({
      to: recorded.mobile,
      text: verificationCodeText(recorded.purpose, recorded.code),
      purpose: recorded.purpose,
    });
  } catch (error) {
    await db.delete(verificationCodes).where(eq(verificationCodes.id, recorded.id));
    if (error instanceof SmsSendError) throw error;
    throw new SmsSendError(`簡訊發送失敗：${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** Sends a new code for the target within the limits; throws SmsSendError when the provider fails. */
export async function sendCode(db: Db, sms: SmsSender, target: CodeTarget, now: Date): Promise<'C01' | SendRefusal> {
  // A cheap look first, so a refused send costs no hashing.
  const early = await sendRefusal(db, target, now);
  if (early) return early;
  const prepared = await prepareCode();
  const outcome = await db.transaction((tx) => recordCode(tx, target, prepared, now));
  if (!outcome.ok) return outcome.rc;
  await deliverCode(db, sms, outcome.recorded);
  return 'C01';
}

/**
 * Inside the caller's transaction: checks a code against the target's newest one, which
 * stays locked until the transaction ends. The right code is used up; each wrong one
 * counts, and the fifth kills the code for good (the member must ask for a new one).
 */
export async function checkCode(tx: Db, target: CodeTarget, code: string, now: Date): Promise<CheckOutcome> {
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(sameTarget(target))
    .orderBy(desc(verificationCodes.sentAt))
    .limit(1)
    .for('update');
  if (!row || row.usedAt) return 'VERIFY_CODE_EXPIRED';
  if (row.wrongAttempts >= LIMITS.verifyCodeMaxAttempts) return 'VERIFY_CODE_TOO_MANY_ATTEMPTS';
  if (now >= row.expiresAt) return 'VERIFY_CODE_EXPIRED';
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
