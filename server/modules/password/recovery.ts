import type { Db } from '../../db/client';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { Refusal, refused } from '../../lib/refusal';
import { recordAuditEvent } from '../audit/service';
import { clearAttempts } from '../auth/service';
import {
  completeRegistration,
  findMemberById,
  findMemberByMobile,
  lockMember,
  memberHoldingMobile,
  setMemberPassword,
} from '../members/service';
import { type IssuedToken, issueToken, markTokenVerified, revokeToken, verifyToken } from '../tokens/service';
import {
  checkCode,
  codeOnItsWay,
  deliverCode,
  type Outgoing,
  prepareCode,
  type RecordedCode,
  recordCodeOrRollBack,
  type SendRefusal,
  sendCode,
  sendRefusal,
} from '../verification/service';
import { endWhatTheOldPasswordOpened } from './new-password';
import { FORGOT_PASSWORD_TOKEN, forgotPasswordCode, type Outcome } from './outcome';

// Forgotten password: mobile -> SMS code -> verified temp token -> new password.

/**
 * Texts a forgot-password code to a member's mobile, within the send limits, and answers the
 * temp token that may verify it. The token and the code are recorded together; should the SMS
 * provider fail, the code is withdrawn, the token dies, and SmsSendError is thrown (SYSTEM_ERROR):
 * the member got nothing to go on with. A registration that lapsed and was removed while the code
 * was being hashed is answered as an unknown mobile is.
 */
export async function forgetPassword(
  db: Db,
  outgoing: Outgoing,
  mobile: string,
  now: Date,
): Promise<Outcome<{ tempAccessToken: string }>> {
  const member = await findMemberByMobile(db, mobile, now);
  if (!member) return { rc: 'MEMBER_IS_NOT_EXIST' };
  const target = forgotPasswordCode(member.mobile);
  const early = await sendRefusal(db, target, now, outgoing);
  // Too soon or over the limit: the code already sent, if still good, is the one to go on with.
  if (early) return tokenForCodeOnItsWay(db, mobile, now, early);
  const prepared = await prepareCode();
  const made = await refused<{ issued: IssuedToken; recorded: RecordedCode } | null, SendRefusal>(() =>
    db.transaction(async (tx) => {
      // The holder again, locked: a registration that lapsed since the look may have been removed,
      // and the token's foreign key would fail. Locked first, as a password change takes its rows
      // (the member, then the tokens), so the two queue rather than deadlock, and a change holding
      // the row is waited for here, before the code's send-limit locks, which every send takes.
      const holder = await lockHolder(tx, mobile, now);
      if (!holder) return null;
      const issued = await issueToken(tx, holder.id, FORGOT_PASSWORD_TOKEN, now);
      return { issued, recorded: await recordCodeOrRollBack(tx, target, prepared, now, outgoing) };
    }),
  );
  // Another request's code went first while this one's was being hashed (two taps at once), or took the last send.
  if (made instanceof Refusal) return tokenForCodeOnItsWay(db, mobile, now, made.rc);
  if (!made) return { rc: 'MEMBER_IS_NOT_EXIST' };
  try {
    await deliverCode(db, outgoing, made.recorded);
  } catch (error) {
    await revokeToken(db, made.issued.tokenId, now);
    throw error;
  }
  return { rc: 'C01', tempAccessToken: made.issued.token };
}

/**
 * A request that may not send a new code while one sent is still good: made again within the
 * minute (its answer lost on a weak signal, or a second tap elsewhere), or over the day's sends
 * (the member kept asking for a slow SMS, and the temp token ran out as the last one arrived).
 * It gets a token of its own for the code on its way, and no SMS: a second code would replace the
 * one in the member's hand, and spend one of the day's 3 sends on a lost answer. The token can
 * only try that code, within its 5 tries, as any request's token can. When the code was entered,
 * killed or expired meanwhile, none is on its way, and the request is refused as it was.
 */
async function tokenForCodeOnItsWay(
  db: Db,
  mobile: string,
  now: Date,
  refusal: SendRefusal,
): Promise<Outcome<{ tempAccessToken: string }>> {
  return db.transaction(async (tx) => {
    const holder = await lockHolder(tx, mobile, now);
    if (!holder) return { rc: 'MEMBER_IS_NOT_EXIST' };
    if (!(await codeOnItsWay(tx, forgotPasswordCode(holder.mobile), now))) return { rc: refusal };
    const issued = await issueToken(tx, holder.id, FORGOT_PASSWORD_TOKEN, now);
    return { rc: 'C01', tempAccessToken: issued.token };
  });
}

/**
 * Inside a transaction: the member holding the mobile, kept from removal until the transaction
 * ends. FOR KEY SHARE, what the token's foreign key takes anyway: a sign-in is not held up by it.
 */
async function lockHolder(tx: Db, mobile: string, now: Date) {
  const [holder] = await memberHoldingMobile(tx, mobile, now).for('key share');
  return holder ?? null;
}

/** The texted code marks the temp token verified; only a verified token may reset the password. */
export function verifyForgotPasswordCode(db: Db, token: string | null, code: string, now: Date): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const live = await verifyToken(tx, token, FORGOT_PASSWORD_TOKEN, now, { lock: true });
    const member = live && (await findMemberById(tx, live.memberId));
    if (!live || !member) return { rc: 'TOKEN_INVALID' };
    // Verifying again (a double tap, or back from /reset_pwd) changes nothing and is no error.
    if (live.verifiedAt) return { rc: 'C01' };
    const rc = await checkCode(tx, forgotPasswordCode(member.mobile), code, now);
    if (rc === 'C01') await markTokenVerified(tx, live.tokenId, now);
    return { rc };
  });
}

/** A new forgot-password code to the token's member, within the send limits. */
export async function resendForgotPasswordCode(
  db: Db,
  outgoing: Outgoing,
  token: string | null,
  now: Date,
): Promise<Outcome> {
  const live = await verifyToken(db, token, FORGOT_PASSWORD_TOKEN, now);
  const member = live && (await findMemberById(db, live.memberId));
  if (!member) return { rc: 'TOKEN_INVALID' };
  return { rc: await sendCode(db, outgoing, forgotPasswordCode(member.mobile), now) };
}

/**
 * A verified temp token sets a new password, which must differ from the old one. Then every
 * token of the member dies (this temp token and every session), the LINE binding ends (whoever
 * registered the mobile or knew the old password may have bound their own LINE), the legacy
 * birthday-password flag clears, and so do the mobile's login failures: a locked-out member can
 * log in again. A registration left before step 3 stands for good: the code proved the mobile, as
 * step 3's would have, and its owner would otherwise find the account gone 30 minutes after
 * taking it back, the mobile free for whoever registered it to take again.
 */
export async function resetPassword(
  db: Db,
  token: string | null,
  newPassword: string,
  now: Date,
  clientAddress: string,
): Promise<Outcome> {
  const live = await verifyToken(db, token, FORGOT_PASSWORD_TOKEN, now);
  const member = live && (await findMemberById(db, live.memberId));
  if (!live || !member) return { rc: 'TOKEN_INVALID' };
  if (!live.verifiedAt) return { rc: 'VERIFY_CODE_REQUIRED' };
  // Both checks are slow (argon2id), so they run before the transaction.
  if (await verifyPassword(member.passwordHash, newPassword)) return { rc: 'PASSWORD_SAME_AS_OLD' };
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    // The member row first, as every password change does, so two changes queue rather than deadlock.
    const locked = await lockMember(tx, member.id);
    const still = locked && (await verifyToken(tx, token, FORGOT_PASSWORD_TOKEN, now, { lock: true }));
    if (!locked || !still?.verifiedAt) return { rc: 'TOKEN_INVALID' };
    await setMemberPassword(tx, locked.id, passwordHash, now);
    await completeRegistration(tx, locked.id);
    await endWhatTheOldPasswordOpened(tx, locked.id, 'password_reset', clientAddress, now);
    await clearAttempts(tx, locked.mobile);
    await recordAuditEvent(tx, { memberId: locked.id, type: 'password_reset', clientAddress }, now);
    return { rc: 'C01' };
  });
}
