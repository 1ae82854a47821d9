import * as v from 'valibot';
import { noParameters, noResults, signedCall } from '../contract';
import { memberProfileSchema } from '../member-profile';
import { VALIDATION_MESSAGES as M } from '../messages';
import {
  birthdaySchema,
  genderSchema,
  loginPasswordSchema,
  mobileSchema,
  nameSchema,
  optionalEmailSchema,
  optionalField,
  verifyCodeSchema,
} from '../schemas';
import { MEMBER_VERIFICATION } from '../values';

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
