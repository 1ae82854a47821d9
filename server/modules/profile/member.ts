import type { Gender, MemberProfile } from '#protocol';
import { type Member, wireBirthday } from '../members/service';

// The member a live member token belongs to, in one query (with `lock`, the member row stays locked
// until the transaction ends, so two changes to one member take turns).
export { memberOfToken as memberOf } from '../tokens/service';

/** The member's profile as the wire carries it. */
export function profileOf(member: Member): MemberProfile {
  return {
    name: member.name,
    mobile: member.mobile,
    gender: (member.gender as Gender | null) ?? null,
    email: member.email ?? null,
    birthday: wireBirthday(member),
    is_verified: member.isVerified,
    referral_code: member.referralCode,
  };
}
