import * as v from 'valibot';
import { VALIDATION_MESSAGES as M } from '#protocol/messages';
import { RC_MESSAGES } from '#protocol/rc';
import { mobileSchema, oldPasswordSchema, setPasswordSchema } from '#protocol/schemas';

export const forgotPasswordSchema = v.object({ mobile: mobileSchema });
export type ForgotPasswordValues = v.InferOutput<typeof forgotPasswordSchema>;

// These screens' text says 6-12; the rule enforced is the set-password one (6 to 100).
const newPassword = setPasswordSchema(M.passwordFormatShort, M.newPasswordRequired);
const confirmation = v.pipe(v.string(M.confirmRequired), v.nonEmpty(M.confirmRequired));

/** Reset: a new password and its confirmation, which must match. */
export const resetPasswordSchema = v.pipe(
  v.object({ password: newPassword, confirm: confirmation }),
  v.forward(
    v.partialCheck([['password'], ['confirm']], (input) => input.password === input.confirm, M.confirmMismatch),
    ['confirm'],
  ),
);
export type ResetPasswordValues = v.InferOutput<typeof resetPasswordSchema>;

/** Change: the old password, a new one that differs from it, and the confirmation of the new one. */
export const changePasswordSchema = v.pipe(
  v.object({ oldPassword: oldPasswordSchema, password: newPassword, confirm: confirmation }),
  v.forward(
    v.partialCheck(
      [['oldPassword'], ['password']],
      (input) => input.password !== input.oldPassword,
      RC_MESSAGES.PASSWORD_SAME_AS_OLD,
    ),
    ['password'],
  ),
  v.forward(
    v.partialCheck([['password'], ['confirm']], (input) => input.password === input.confirm, M.confirmMismatch),
    ['confirm'],
  ),
);
export type ChangePasswordValues = v.InferOutput<typeof changePasswordSchema>;
