import * as v from 'valibot';
import {
  birthdaySchema,
  emailSchema,
  genderSchema,
  loginPasswordSchema,
  VALIDATION_MESSAGES as M,
  MEMBER_VERIFICATION,
  mobileSchema,
  nameSchema,
  verifyCodeSchema,
} from '#protocol';
import { encrypted } from '../../plugins/envelope';

// Optional fields come missing, null or empty; each means "not given" (a birthday is omitted when empty).
const notGiven = v.pipe(
  v.nullish(v.literal('')),
  v.transform(() => null),
);

/** The request_parameter schemas of the profile calls; encrypted fields use the configured AES secret. */
export function profileParams(aesKey: string) {
  return {
    none: v.optional(v.looseObject({})),
    update: v.object({
      member_profile: v.object({
        name: nameSchema,
        gender: v.optional(v.union([notGiven, genderSchema], M.genderRequired), null),
        email: v.pipe(
          emailSchema,
          v.transform((email) => email || null),
        ),
        birthday: v.optional(v.union([notGiven, birthdaySchema], M.birthdayFormat), null),
      }),
    }),
    sendCode: v.object({ verification_type: v.literal(MEMBER_VERIFICATION) }),
    checkCode: v.object({ verification_type: v.literal(MEMBER_VERIFICATION), verification_code: verifyCodeSchema }),
    // The current password: legacy members may still have the 8-digit birthday one.
    changeMobile: v.object({
      mobile: encrypted(aesKey, mobileSchema),
      password: encrypted(aesKey, loginPasswordSchema),
    }),
    confirmMobile: v.object({ verify_code: verifyCodeSchema }),
  };
}

export type ProfileInput = v.InferOutput<ReturnType<typeof profileParams>['update']>['member_profile'];
