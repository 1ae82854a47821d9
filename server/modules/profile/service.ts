import type { MemberProfile } from '#protocol';
import type { Db } from '../../db/client';
import { type MemberDetails, updateMemberDetails, wireBirthday } from '../members/service';
import { memberOf, profileOf } from './member';

export {
  confirmMobileChange,
  pruneEndedMobileChanges,
  requestMobileChange,
  resendMobileChangeCode,
} from './mobile-change';
export { sendMemberVerificationCode, verifyMemberMobile } from './mobile-verification';

export type ProfileOutcome = { rc: 'C01'; profile: MemberProfile } | { rc: 'TOKEN_INVALID' };

export async function getProfile(db: Db, token: string | null, now: Date): Promise<ProfileOutcome> {
  const member = await memberOf(db, token, now);
  return member ? { rc: 'C01', profile: profileOf(member) } : { rc: 'TOKEN_INVALID' };
}

/**
 * Saves the details the member edits. A birthday is given once: after that, leaving it out keeps
 * it, sending it again is fine, and a different one refuses the whole save.
 */
export function updateProfile(
  db: Db,
  token: string | null,
  details: MemberDetails,
  now: Date,
): Promise<'C01' | 'TOKEN_INVALID' | 'BIRTHDAY_CANNOT_CHANGE'> {
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, token, now, { lock: true });
    if (!member) return 'TOKEN_INVALID';
    const birthday = wireBirthday(member);
    if (birthday && details.birthday && details.birthday !== birthday) return 'BIRTHDAY_CANNOT_CHANGE';
    await updateMemberDetails(tx, member.id, { ...details, birthday: birthday ?? details.birthday }, now);
    return 'C01';
  });
}
