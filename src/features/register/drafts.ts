import * as v from 'valibot';
import type { Params } from '#protocol/endpoints';
import { SECURITY_QUESTION } from '#protocol/values';
import { slashDate } from '../../lib/birthday-input';
import { storage } from '../../lib/storage';
import type { StepOneValues, StepTwoSent } from './form-schemas';

// A field that is missing or damaged in storage comes back empty rather than losing the whole step.
const entered = v.fallback(v.string(), '');

/** Registration step 1 as entered, with the ids of the terms the member agreed to. */
export const registerOneSchema = v.object({
  mobile: entered,
  name: entered,
  password: entered,
  confirm: entered,
  agreed_terms: v.fallback(v.array(v.string()), []),
});
type RegisterOneDraft = v.InferOutput<typeof registerOneSchema>;

/** Registration step 2 as entered; birthday is the date input's `YYYY-MM-DD`. */
export const registerTwoSchema = v.object({
  referrer_code: entered,
  gender: entered,
  email: entered,
  birthday: entered,
});
export type RegisterTwoDraft = v.InferOutput<typeof registerTwoSchema>;

const stepOneStore = storage.register1(registerOneSchema);
const stepTwoStore = storage.register2(registerTwoSchema);

const EMPTY_ONE: RegisterOneDraft = { mobile: '', name: '', password: '', confirm: '', agreed_terms: [] };
const EMPTY_TWO: RegisterTwoDraft = { referrer_code: '', gender: '', email: '', birthday: '' };

export const stepOneDraft = (): RegisterOneDraft => stepOneStore.get() ?? EMPTY_ONE;
export const stepTwoDraft = (): RegisterTwoDraft => stepTwoStore.get() ?? EMPTY_TWO;

export const saveStepOne = (patch: Partial<RegisterOneDraft>) => stepOneStore.set({ ...stepOneDraft(), ...patch });
export const saveStepTwo = (patch: Partial<RegisterTwoDraft>) => stepTwoStore.set({ ...stepTwoDraft(), ...patch });

/**
 * The spec's registration payload from step 1 and step 2 (skipped: its invite code alone).
 * The security question is fixed and its answer is the member's name.
 */
export function registrationPayload(one: StepOneValues, two: StepTwoSent): Params<'register'>['register'] {
  const details = 'gender' in two ? two : null;
  return {
    mobile: one.mobile,
    password: one.password,
    name: one.name,
    gender: details?.gender ?? null,
    birthday: details?.birthday ? slashDate(details.birthday) : null,
    email: details?.email || null,
    security_question: SECURITY_QUESTION,
    security_answer: one.name,
    referrer_code: two.referrer_code,
  };
}
