import { and, eq, gt, isNull, lte, not, or } from 'drizzle-orm';
import { taipeiTimestamp } from '#protocol';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { type BatchOptions, deleteInBatches } from '../../db/delete-in-batches';
import { isUniqueViolation } from '../../db/errors';
import { pendingMobileChanges } from '../../db/schema';
import { Refusal, refused } from '../../lib/refusal';
import { sha256Hex } from '../../lib/secrets';
import { MOBILE_CHANGED_NOTICE, mobileChangedText, SmsSendError } from '../../sms';
import { recordAuditEvent } from '../audit/service';
import { checkMemberPassword, type PasswordCheck } from '../auth/service';
import { isMobileRegistered, moveMemberToMobile, removeStaleRegistration } from '../members/service';
import { sessionLives } from '../tokens/service';
import {
  type CheckOutcome,
  type CodeTarget,
  checkCode,
  deliverCode,
  type Outgoing,
  prepareCode,
  type RecordedCode,
  recordCodeOrRollBack,
  type SendRefusal,
  sendNewCode,
  sendRefusal,
} from '../verification/service';
import { memberOf } from './member';

const mobileChange = (mobile: string): CodeTarget => ({ mobile, purpose: 'mobile_change' });

/** A request waits this long from its last send for the code. */
const waitsUntil = (now: Date) => new Date(now.getTime() + LIMITS.mobileChangeMs);

export type ChangeRequestOutcome =
  | Exclude<PasswordCheck, 'C01'>
  | 'C01'
  | 'TOKEN_INVALID'
  | 'MEMBER_MOBILE_IS_REPEAT'
  | SendRefusal;

/**
 * The member asks to move the account to `mobile`, proving it is them with the password (held to
 * the lockout). The mobile must be free; a code goes to it and the request waits for that code.
 * Nothing about the account changes yet. Throws SmsSendError when the provider fails.
 */
export async function requestMobileChange(
  db: Db,
  outgoing: Outgoing,
  token: string | null,
  input: { mobile: string; password: string },
  now: Date,
): Promise<ChangeRequestOutcome> {
  const member = await memberOf(db, token, now);
  if (!member) return 'TOKEN_INVALID';
  const password = await checkMemberPassword(db, member, input.password, now);
  if (password !== 'C01') return password;
  if (await isMobileRegistered(db, input.mobile, now)) return 'MEMBER_MOBILE_IS_REPEAT';
  const target = mobileChange(input.mobile);
  const session = sessionOf(token);
  const early = await sendRefusal(db, target, now, outgoing);
  // A code to this mobile within the minute is on its way (decision 0028): the member's request for
  // it is this session's now, as a new request would be, so the code confirms here.
  if (early === 'SMS_RESEND_TOO_SOON') await takeOverPending(db, member.id, input.mobile, session);
  if (early) return early;
  const prepared = await prepareCode();
  const code = await refused<RecordedCode, SendRefusal>(() =>
    db.transaction(async (tx) => {
      // The request before the code: a first request's foreign key waits for a change that holds the
      // member's row (a password, a profile save, a confirm), and waits there before the code's
      // send-limit locks, which every send in the deployment takes. A refused code rolls it back.
      await keepPending(tx, member.id, input.mobile, session, now);
      return recordCodeOrRollBack(tx, target, prepared, now, outgoing);
    }),
  );
  if (code instanceof Refusal) return code.rc;
  await deliverCode(db, outgoing, code);
  await holdCode(db, member.id, code);
  return 'C01';
}

/** The session a request is kept for: its token's SHA-256 (`requestedBy`). */
const sessionOf = (token: string | null): string => sha256Hex(token ?? '');

/**
 * The member's one pending change, the asking session's; a new request replaces the last (from
 * whichever session), and none of its codes confirms this one.
 */
async function keepPending(tx: Db, memberId: string, newMobile: string, requestedBy: string, now: Date): Promise<void> {
  const values = {
    newMobile,
    requestedAt: now,
    expiresAt: waitsUntil(now),
    codeId: null,
    requestedBy,
  };
  await tx
    .insert(pendingMobileChanges)
    .values({ memberId, ...values })
    .onConflictDoUpdate({ target: pendingMobileChanges.memberId, set: values });
}

async function takeOverPending(db: Db, memberId: string, newMobile: string, requestedBy: string): Promise<void> {
  await db
    .update(pendingMobileChanges)
    .set({ requestedBy })
    .where(and(eq(pendingMobileChanges.memberId, memberId), eq(pendingMobileChanges.newMobile, newMobile)));
}

/**
 * Once a code is delivered, it is the one that confirms the member's request, and no other: not an
 * earlier one, not a code another member's request sent to the same mobile. Set only after delivery,
 * so a resend the provider refused leaves the code already sent in force; and only while the request
 * is still for that code's mobile, should a new request have replaced it meanwhile. A resend
 * (`resentAt`) also starts the request's wait afresh.
 */
async function holdCode(db: Db, memberId: string, code: RecordedCode, resentAt?: Date): Promise<void> {
  await db
    .update(pendingMobileChanges)
    .set(resentAt ? { codeId: code.id, expiresAt: waitsUntil(resentAt) } : { codeId: code.id })
    .where(and(eq(pendingMobileChanges.memberId, memberId), eq(pendingMobileChanges.newMobile, code.mobile)));
}

/**
 * The member's live request, when `token`'s session made it: another live session's is not its to
 * confirm or resend. One whose session has ended (its password changed on another device) is the
 * member's next session's: signed in again, the member is brought back to its code (decision 0022).
 */
async function livePending(
  db: Db,
  memberId: string,
  token: string | null,
  now: Date,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(pendingMobileChanges)
    .where(
      and(
        eq(pendingMobileChanges.memberId, memberId),
        gt(pendingMobileChanges.expiresAt, now),
        or(
          isNull(pendingMobileChanges.requestedBy),
          eq(pendingMobileChanges.requestedBy, sessionOf(token)),
          not(sessionLives(db, pendingMobileChanges.requestedBy, now)),
        ),
      ),
    );
  const [pending] = options.lock ? await query.for('update') : await query;
  return pending ?? null;
}

/** A new code to the pending new mobile, within the send limits; the request then waits afresh. */
export async function resendMobileChangeCode(
  db: Db,
  outgoing: Outgoing,
  token: string | null,
  now: Date,
): Promise<'C01' | 'TOKEN_INVALID' | 'MOBILE_CHANGE_EXPIRED' | 'MEMBER_MOBILE_IS_REPEAT' | SendRefusal> {
  const member = await memberOf(db, token, now);
  if (!member) return 'TOKEN_INVALID';
  const pending = await livePending(db, member.id, token, now);
  if (!pending) return 'MOBILE_CHANGE_EXPIRED';
  if (await isMobileRegistered(db, pending.newMobile, now)) return 'MEMBER_MOBILE_IS_REPEAT';
  const code = await sendNewCode(db, outgoing, mobileChange(pending.newMobile), now);
  if (typeof code === 'string') return code;
  await holdCode(db, member.id, code, now);
  return 'C01';
}

export type ConfirmOutcome =
  | { rc: 'C01'; noticeError?: SmsSendError }
  | { rc: Exclude<CheckOutcome, 'C01'> | 'TOKEN_INVALID' | 'MOBILE_CHANGE_EXPIRED' | 'MEMBER_MOBILE_IS_REPEAT' };

type Moved = { rc: 'C01'; oldMobile: string; newMobile: string } | Exclude<ConfirmOutcome, { rc: 'C01' }>;

/**
 * The code from the new mobile moves the account there, in one transaction with the audit row:
 * the member is verified on the new mobile and the old one no longer signs in. Should the mobile
 * have been taken since the request, nothing moves and the request ends. After the commit the
 * old mobile is told by SMS; a failure of that notice is answered, not thrown, as the move stands.
 */
export async function confirmMobileChange(
  db: Db,
  outgoing: Outgoing,
  input: { token: string | null; code: string; clientAddress: string },
  now: Date,
): Promise<ConfirmOutcome> {
  let moved: Moved;
  try {
    moved = await db.transaction((tx) => moveAccount(tx, input, now));
  } catch (error) {
    // Another member took the mobile between the look and the move.
    if (isUniqueViolation(error)) return { rc: 'MEMBER_MOBILE_IS_REPEAT' };
    throw error;
  }
  if (moved.rc !== 'C01') return moved;
  const text = mobileChangedText(moved.newMobile, taipeiTimestamp(now).slice(0, 16));
  try {
    await outgoing.sms.send({ to: moved.oldMobile, text, purpose: MOBILE_CHANGED_NOTICE });
    return { rc: 'C01' };
  } catch (error) {
    const noticeError = error instanceof SmsSendError ? error : new SmsSendError(String(error), { cause: error });
    return { rc: 'C01', noticeError };
  }
}

async function moveAccount(
  tx: Db,
  input: { token: string | null; code: string; clientAddress: string },
  now: Date,
): Promise<Moved> {
  const member = await memberOf(tx, input.token, now, { lock: true });
  if (!member) return { rc: 'TOKEN_INVALID' };
  const pending = await livePending(tx, member.id, input.token, now, { lock: true });
  if (!pending) return { rc: 'MOBILE_CHANGE_EXPIRED' };
  const rc = await checkCode(tx, mobileChange(pending.newMobile), input.code, now, { codeId: pending.codeId });
  if (rc !== 'C01') return { rc };
  await tx.delete(pendingMobileChanges).where(eq(pendingMobileChanges.memberId, member.id));
  if (await isMobileRegistered(tx, pending.newMobile, now)) return { rc: 'MEMBER_MOBILE_IS_REPEAT' };
  await removeStaleRegistration(tx, pending.newMobile, now);
  await moveMemberToMobile(tx, member.id, pending.newMobile, now);
  await recordAuditEvent(
    tx,
    {
      memberId: member.id,
      type: 'mobile_change',
      oldMobile: member.mobile,
      newMobile: pending.newMobile,
      clientAddress: input.clientAddress,
    },
    now,
  );
  return { rc: 'C01', oldMobile: member.mobile, newMobile: pending.newMobile };
}

/**
 * Removes the requests that ended unconfirmed: each holds a mobile its member never proved, and
 * once ended it confirms nothing (a new request starts afresh). Answers how many went.
 */
export function pruneEndedMobileChanges(db: Db, now: Date, batches: BatchOptions = {}): Promise<number> {
  return deleteInBatches(
    db,
    pendingMobileChanges,
    pendingMobileChanges.memberId,
    lte(pendingMobileChanges.expiresAt, now),
    batches,
  );
}
