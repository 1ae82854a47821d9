import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { Refusal, refused } from '../../lib/refusal';
import {
  changeUnverifiedMobile,
  completeRegistration,
  findMemberById,
  isMobileRegistered,
  lockMember,
  type Member,
  markMemberVerified,
  removeStaleRegistration,
} from '../members/service';
import { issueToken, type LiveToken, revokeToken, verifyToken } from '../tokens/service';
import {
  checkCode,
  type Outgoing,
  prepareCode,
  type RecordedCode,
  recordCode,
  sendCode,
  sendRefusal,
} from '../verification/service';
import { deliverAfterCommit, type Outcome, REGISTER_TOKEN, registerCode } from './outcome';
import { mayUseMobile, noteTokenMobile } from './token-mobiles';

// Step 3 of registration: everything a register temp token can do.

/**
 * A registration step 3 may still act on: its member unverified, and not yet signed in. Signing in
 * makes the registration stand as step 3 does (`registrationCompleted`); the temp token, which step
 * 3 would have ended, must not go on moving the account's mobile or issuing member tokens.
 */
const inStepThree = (member: Member): boolean => !member.isVerified && member.registrationExpiresAt !== null;

/** The member a live register temp token belongs to, while its registration is in step 3, and the token's id. */
async function unverifiedRegistrant(
  db: Db,
  token: string | null,
  now: Date,
): Promise<{ member: Member; tokenId: string } | null> {
  const live = await verifyToken(db, token, REGISTER_TOKEN, now);
  const member = live && (await findMemberById(db, live.memberId));
  return live && member && inStepThree(member) ? { member, tokenId: live.tokenId } : null;
}

/**
 * Inside step 3's transaction: the live register token and its member, the member's row locked
 * first and then the token's, in the order a password reset and the lapsed-registration sweep take
 * them. The other way round, a step 3 holding its token while it waited for the member would wait
 * on a reset that waits on it, and PostgreSQL would end one of them with an error.
 */
async function lockRegistrant(
  tx: Db,
  token: string | null,
  now: Date,
): Promise<{ live: LiveToken; member: Member } | null> {
  const seen = await verifyToken(tx, token, REGISTER_TOKEN, now);
  const member = seen && (await lockMember(tx, seen.memberId));
  const live = member && (await verifyToken(tx, token, REGISTER_TOKEN, now, { lock: true }));
  return live && member && inStepThree(member) ? { live, member } : null;
}

/** Step 3: the right code verifies the member; the temp token dies and a member token is issued. */
export function verifyRegistration(
  db: Db,
  token: string | null,
  code: string,
  now: Date,
): Promise<Outcome<{ memberAccessToken: string }>> {
  return db.transaction(async (tx) => {
    const registrant = await lockRegistrant(tx, token, now);
    if (!registrant) return { rc: 'TOKEN_INVALID' };
    const { live, member } = registrant;
    const rc = await checkCode(tx, registerCode(member.mobile), code, now);
    if (rc !== 'C01') return { rc };
    await markMemberVerified(tx, member.id, now);
    await completeRegistration(tx, member.id);
    await revokeToken(tx, live.tokenId, now);
    const issued = await issueToken(tx, member.id, { kind: 'member' }, now);
    return { rc: 'C01', memberAccessToken: issued.token };
  });
}

/** Step 3 without the code: the member stays unverified; the temp token dies and a member token is issued. */
export function skipVerification(
  db: Db,
  token: string | null,
  now: Date,
): Promise<Outcome<{ memberAccessToken: string }>> {
  return db.transaction(async (tx) => {
    const live = (await lockRegistrant(tx, token, now))?.live;
    if (!live) return { rc: 'TOKEN_INVALID' };
    await completeRegistration(tx, live.memberId);
    await revokeToken(tx, live.tokenId, now);
    const issued = await issueToken(tx, live.memberId, { kind: 'member' }, now);
    return { rc: 'C01', memberAccessToken: issued.token };
  });
}

/** A new register code to the member's mobile, within the send limits. */
export async function resendRegistrationCode(
  db: Db,
  outgoing: Outgoing,
  token: string | null,
  now: Date,
): Promise<Outcome> {
  const registrant = await unverifiedRegistrant(db, token, now);
  if (!registrant) return { rc: 'TOKEN_INVALID' };
  return { rc: await sendCode(db, outgoing, registerCode(registrant.member.mobile), now) };
}

/**
 * Step 3's "change mobile": moves the unverified member to a free mobile and sends the
 * code there, in one transaction with the code record; the same mobile again only resends.
 */
export async function changeRegistrationMobile(
  db: Db,
  outgoing: Outgoing,
  token: string | null,
  mobile: string,
  now: Date,
): Promise<Outcome> {
  const registrant = await unverifiedRegistrant(db, token, now);
  if (!registrant) return { rc: 'TOKEN_INVALID' };
  if (registrant.member.mobile === mobile) return { rc: await sendCode(db, outgoing, registerCode(mobile), now) };
  if (await isMobileRegistered(db, mobile, now)) return { rc: 'MEMBER_MOBILE_IS_REPEAT' };
  if (!(await mayUseMobile(db, registrant.tokenId, mobile))) return { rc: 'SMS_SEND_LIMIT' };
  const early = await sendRefusal(db, registerCode(mobile), now, outgoing);
  if (early) return { rc: early };
  const prepared = await prepareCode();
  let moved: RecordedCode | Refusal;
  try {
    moved = await refused(() =>
      db.transaction(async (tx) => {
        const live = (await lockRegistrant(tx, token, now))?.live;
        if (!live) throw new Refusal('TOKEN_INVALID');
        if (!(await noteTokenMobile(tx, live.tokenId, mobile))) throw new Refusal('SMS_SEND_LIMIT');
        await removeStaleRegistration(tx, mobile, now);
        if (!(await changeUnverifiedMobile(tx, live.memberId, mobile, now))) throw new Refusal('TOKEN_INVALID');
        const code = await recordCode(tx, registerCode(mobile), prepared, now, outgoing);
        if (!code.ok) throw new Refusal(code.rc);
        return code.recorded;
      }),
    );
  } catch (error) {
    // Another registration took the mobile between the look and the move.
    if (isUniqueViolation(error)) return { rc: 'MEMBER_MOBILE_IS_REPEAT' };
    throw error;
  }
  if (moved instanceof Refusal) return { rc: moved.rc };
  return { rc: 'C01', smsError: await deliverAfterCommit(db, outgoing, moved) };
}
