import type { Db } from '../../db/client';
import { markMemberVerified } from '../members/service';
import {
  type CheckOutcome,
  type CodeTarget,
  checkCode,
  type Outgoing,
  type SendRefusal,
  sendCode,
} from '../verification/service';
import { memberOf } from './member';

const memberVerification = (mobile: string): CodeTarget => ({ mobile, purpose: 'member_verification' });

/** A code to the member's current mobile, within the send limits; throws SmsSendError when the provider fails. */
export async function sendMemberVerificationCode(
  db: Db,
  outgoing: Outgoing,
  token: string | null,
  now: Date,
): Promise<'C01' | 'TOKEN_INVALID' | SendRefusal> {
  const member = await memberOf(db, token, now);
  if (!member) return 'TOKEN_INVALID';
  return sendCode(db, outgoing, memberVerification(member.mobile), now);
}

/** The right code for the member's current mobile makes the member verified. */
export function verifyMemberMobile(
  db: Db,
  token: string | null,
  code: string,
  now: Date,
): Promise<CheckOutcome | 'TOKEN_INVALID'> {
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, token, now, { lock: true });
    if (!member) return 'TOKEN_INVALID';
    // A code sent to a mobile the member has since left is not on this mobile's record: it answers expired.
    const rc = await checkCode(tx, memberVerification(member.mobile), code, now);
    if (rc === 'C01') await markMemberVerified(tx, member.id, now);
    return rc;
  });
}
