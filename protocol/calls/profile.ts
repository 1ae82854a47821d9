import * as v from 'valibot';
import { noParameters, noResults, signedCall } from '../contract';
import { VALIDATION_MESSAGES as M } from '../messages';
import {
  birthdaySchema,
  GENDERS,
  genderSchema,
  loginPasswordSchema,
  mobileSchema,
  nameSchema,
  optionalEmailSchema,
  optionalField,
  verifyCodeSchema,
} from '../schemas';

/** The verification_type of the signed-in member's own mobile check. */
export const MEMBER_VERIFICATION = 'member_verification';

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

/** The signed-in member's profile, mobile verification and mobile change. */
export const PROFILE_CALLS = {
  getMemberProfile: signedCall({
    base: 'memberApi',
    path: '/api/member/get_member_profile',
    token: 'member',
    request: () => noParameters,
    results: v.object({ member_profile: memberProfileSchema }),
  }),
  updateMemberProfile: signedCall({
    base: 'memberApi',
    path: '/api/member/update_member_profile',
    token: 'member',
    // What the member may edit; optional fields come missing, null or empty, each meaning "not given".
    request: () =>
      v.object({
        member_profile: v.object({
          name: nameSchema,
          gender: v.optional(optionalField(genderSchema, M.genderRequired), null),
          email: optionalEmailSchema,
          birthday: v.optional(optionalField(birthdaySchema, M.birthdayFormat), null),
        }),
      }),
    results: noResults,
  }),
  sendVerificationCode: signedCall({
    base: 'appApi',
    path: '/member/send_verification_code',
    token: 'member',
    request: () => v.object({ verification_type: v.literal(MEMBER_VERIFICATION) }),
    results: noResults,
  }),
  verifyVerificationCode: signedCall({
    base: 'memberApi',
    path: '/api/member/verify_verification_code',
    token: 'member',
    request: () => v.object({ verification_type: v.literal(MEMBER_VERIFICATION), verification_code: verifyCodeSchema }),
    results: noResults,
  }),
  // Sends a code to the new mobile; the current password may still be a legacy 8-digit birthday.
  updateMemberMobile: signedCall({
    base: 'memberApi',
    path: '/api/member/update_member_mobile',
    token: 'member',
    request: (seal) => v.object({ mobile: seal(mobileSchema), password: seal(loginPasswordSchema) }),
    results: noResults,
  }),
  // The new mobile becomes the account.
  memberVerify: signedCall({
    base: 'memberApi',
    path: '/api/member/member_verify',
    token: 'member',
    request: () => v.object({ verify_code: verifyCodeSchema }),
    results: noResults,
  }),
  resendMemberVerify: signedCall({
    base: 'memberApi',
    path: '/api/member/resend_member_verify',
    token: 'member',
    request: () => noParameters,
    results: noResults,
  }),
} as const;
