import * as v from 'valibot';
import { VALIDATION_MESSAGES as M } from '../../../protocol/messages';
import {
  birthdaySchema,
  emailSchema,
  genderSchema,
  inviteCodeSchema,
  mobileSchema,
  nameSchema,
  setPasswordSchema,
} from '../../../protocol/schemas';

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

/** The date input's `YYYY-MM-DD` as the payload's `YYYY/MM/DD`. */
export const slashDate = (inputValue: string) => inputValue.replaceAll('-', '/');

// Optional; a date that is given is held to the protocol's birthday rule and message.
const birthdayInputSchema = v.pipe(
  v.string(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value === '') return;
    const result = v.safeParse(birthdaySchema, slashDate(dataset.value));
    if (!result.success) addIssue({ message: result.issues[0].message });
  }),
);

/** Step 2: gender is required in this form; invite code loses its whitespace. */
export const stepTwoSchema = v.object({
  referrer_code: inviteCodeSchema,
  gender: genderSchema,
  email: emailSchema,
  birthday: birthdayInputSchema,
});
export type StepTwoInput = v.InferInput<typeof stepTwoSchema>;
export type StepTwoValues = v.InferOutput<typeof stepTwoSchema>;
