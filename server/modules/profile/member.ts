import type { Gender, MemberProfile } from '#protocol';
import type { Db } from '../../db/client';
import { type Member, wireBirthday } from '../members/service';
import { memberOfToken } from '../tokens/service';

/**
 * The member a live member token belongs to. With `lock` (inside a transaction) the member row
 * stays locked until the transaction ends, so two changes to one member take turns.
 */
export async function memberOf(
  db: Db,
  token: string | null,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<Member | null> {
  return memberOfToken(db, token, now, options);
}

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
