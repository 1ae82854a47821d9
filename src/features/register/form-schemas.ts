import * as v from 'valibot';
import {
  confirmationMatches,
  confirmPasswordSchema,
  crossFieldChecks,
  emailSchema,
  genderSchema,
  inviteCodeSchema,
  mobileSchema,
  nameSchema,
  setPasswordSchema,
} from '#protocol/schemas';
import { birthdayInputSchema } from '../../lib/birthday-input';

/** Step 1: the confirmation must match the password. */
export const stepOneSchema = crossFieldChecks(
  v.pipe(
    v.object({
      mobile: mobileSchema,
      name: nameSchema,
      password: setPasswordSchema(),
      confirm: confirmPasswordSchema,
    }),
    confirmationMatches(),
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
export type StepTwoValues = v.InferOutput<typeof stepTwoSchema>;

/**
 * What step 2 sends: the whole form, or, when the member skips it, only the invite code the box
 * holds. Skipping leaves out the optional details, never a friend's code (decision 0025).
 */
export type StepTwoSent = StepTwoValues | Pick<StepTwoValues, 'referrer_code'>;
