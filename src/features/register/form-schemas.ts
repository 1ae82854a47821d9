import * as v from 'valibot';
import { VALIDATION_MESSAGES as M } from '#protocol/messages';
import {
  emailSchema,
  genderSchema,
  inviteCodeSchema,
  mobileSchema,
  nameSchema,
  setPasswordSchema,
} from '#protocol/schemas';
import { birthdayInputSchema } from '../../lib/birthday-input';

/** Step 1: the confirmation must match the password. */
export const stepOneSchema = v.pipe(
  v.object({
    mobile: mobileSchema,
    name: nameSchema,
    password: setPasswordSchema(),
    confirm: v.pipe(v.string(M.confirmRequired), v.nonEmpty(M.confirmRequired)),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirm']], (input) => input.password === input.confirm, M.confirmMismatch),
    ['confirm'],
  ),
);
export type StepOneValues = v.InferOutput<typeof stepOneSchema>;

/** Step 2: gender is required in this form; invite code loses its whitespace. */
export const stepTwoSchema = v.object({
  referrer_code: inviteCodeSchema,
  gender: genderSchema,
  email: emailSchema,
  birthday: birthdayInputSchema,
});
export type StepTwoInput = v.InferInput<typeof stepTwoSchema>;
export type StepTwoValues = v.InferOutput<typeof stepTwoSchema>;
