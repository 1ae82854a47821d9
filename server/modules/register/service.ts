import type { Gender } from '#protocol';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { referrals } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { Refusal, refused } from '../../lib/refusal';
import { bindLineUser } from '../line/service';
import { findMemberByReferralCode, insertMember, isMobileRegistered } from '../members/service';
import { issueToken } from '../tokens/service';
import { type Outgoing, prepareCode, recordCode, sendRefusal } from '../verification/service';
import { deliverAfterCommit, type Outcome, REGISTER_TOKEN, registerCode } from './outcome';
import { noteTokenMobile } from './token-mobiles';

export type { Outcome } from './outcome';
export {
  changeRegistrationMobile,
  resendRegistrationCode,
  skipVerification,
  verifyRegistration,
} from './verify-step';

export interface Registration {
  mobile: string;
  password: string;
  name: string;
  gender: Gender | null;
  birthday: string | null;
  email: string | null;
  /** Whitespace already removed; null or empty when there is none. */
  referrerCode: string | null;
  thirdPartyCrmData?: Record<string, unknown> | null;
  /** The LINE user (already vouched for by LINE) to bind to the new member, in the same transaction. */
  line?: { userId: string; clientAddress: string } | null;
}

/** Steps 1 and 2: the mobile must be free and the invite code, when given, a member's. */
export async function checkRegistration(
  db: Db,
  input: { mobile: string; referrerCode: string | null },
  now: Date,
): Promise<'C01' | 'MEMBER_MOBILE_IS_REPEAT' | 'REFERRER_CODE_INVALID'> {
  if (await isMobileRegistered(db, input.mobile, now)) return 'MEMBER_MOBILE_IS_REPEAT';
  if (input.referrerCode && !(await findMemberByReferralCode(db, input.referrerCode, now)))
    return 'REFERRER_CODE_INVALID';
  return 'C01';
}

/**
 * Creates the not-yet-verified member, the invite record, the LINE binding (when the member came
 * from LINE), the temp token and the code in one transaction: any refusal or failure leaves nothing behind, and of two registrations
 * of one mobile exactly one makes a member. The SMS goes out after the commit, because
 * a message cannot be unsent: should the provider fail, the member exists, the failed
 * code is withdrawn, and step 3's resend sends a new one.
 */
export async function register(
  db: Db,
  outgoing: Outgoing,
  input: Registration,
  now: Date,
): Promise<Outcome<{ tempAccessToken: string }>> {
  const checked = await checkRegistration(db, input, now);
  if (checked !== 'C01') return { rc: checked };
  // A cheap look at the send limits first, so a refused registration costs no hashing.
  const sendLimit = await sendRefusal(db, registerCode(input.mobile), now, outgoing);
  if (sendLimit) return { rc: sendLimit };
  const { password, referrerCode, line, ...details } = input;
  const passwordHash = await hashPassword(password);
  const prepared = await prepareCode();
  const made = await refused(() =>
    db.transaction(async (tx) => {
      const referrer = referrerCode ? await findMemberByReferralCode(tx, referrerCode, now) : null;
      if (referrerCode && !referrer) throw new Refusal('REFERRER_CODE_INVALID');
      const registrationExpiresAt = new Date(now.getTime() + LIMITS.tempTokenMs);
      const member = await insertMember(
        tx,
        { ...details, passwordHash, isVerified: false, registrationExpiresAt },
        now,
      );
      if (!member) throw new Refusal('MEMBER_MOBILE_IS_REPEAT');
      if (referrer)
        await tx.insert(referrals).values({ refereeId: member.id, referrerId: referrer.id, createdAt: now });
      if (line) {
        const binding = { memberId: member.id, lineUserId: line.userId, clientAddress: line.clientAddress };
        const bound = await bindLineUser(tx, { ...binding, via: 'register' }, now);
        if (bound !== 'C01') throw new Refusal(bound);
      }
      const { token, tokenId } = await issueToken(tx, member.id, REGISTER_TOKEN, now);
      await noteTokenMobile(tx, tokenId, member.mobile);
      const code = await recordCode(tx, registerCode(member.mobile), prepared, now, outgoing);
      if (!code.ok) throw new Refusal(code.rc);
      return { token, recorded: code.recorded };
    }),
  );
  if (made instanceof Refusal) return { rc: made.rc };
  return { rc: 'C01', tempAccessToken: made.token, smsError: await deliverAfterCommit(db, outgoing, made.recorded) };
}
