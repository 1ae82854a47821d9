import * as v from 'valibot';
import { VALIDATION_MESSAGES as M } from '#protocol/messages';
import { RC_MESSAGES } from '#protocol/rc';
import {
  confirmationMatches,
  confirmPasswordSchema,
  crossFieldChecks,
  mobileSchema,
  oldPasswordSchema,
  setPasswordSchema,
} from '#protocol/schemas';

export const forgotPasswordSchema = v.object({ mobile: mobileSchema });
export type ForgotPasswordValues = v.InferOutput<typeof forgotPasswordSchema>;

// These screens' text says 6-12; the rule enforced is the set-password one (6 to 100).
const newPassword = setPasswordSchema(M.passwordFormatShort, M.newPasswordRequired);

/** Reset: a new password and its confirmation, which must match. */
export const resetPasswordSchema = crossFieldChecks(
  v.pipe(v.object({ password: newPassword, confirm: confirmPasswordSchema }), confirmationMatches()),
);
export type ResetPasswordValues = v.InferOutput<typeof resetPasswordSchema>;

/** Change: the old password, a new one that differs from it, and the confirmation of the new one. */
export const changePasswordSchema = crossFieldChecks(
  v.pipe(
    v.object({ oldPassword: oldPasswordSchema, password: newPassword, confirm: confirmPasswordSchema }),
    v.forward(
      v.partialCheck(
        [['oldPassword'], ['password']],
        ({ oldPassword, password }) => !oldPassword || password !== oldPassword,
        RC_MESSAGES.PASSWORD_SAME_AS_OLD,
      ),
      ['password'],
    ),
    confirmationMatches(),
  ),
);
export type ChangePasswordValues = v.InferOutput<typeof changePasswordSchema>;
