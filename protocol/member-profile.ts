import * as v from 'valibot';
import { GENDERS } from './schemas';

/** The member's own profile as get_member_profile answers it. */
export const memberProfileSchema = v.object({
  name: v.string(),
  /** The account: 10 digits. */
  mobile: v.string(),
  gender: v.nullable(v.picklist(GENDERS)),
  email: v.nullable(v.string()),
  /** `YYYY/MM/DD`, or null while the member has not given it; once given it never changes. */
  birthday: v.nullable(v.string()),
  is_verified: v.boolean(),
  /** The member's own invite code, for friends registering. */
  referral_code: v.string(),
});
export type MemberProfile = v.InferOutput<typeof memberProfileSchema>;
