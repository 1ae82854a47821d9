import type { RegisterPayload } from '#protocol/endpoints';
import { SECURITY_QUESTION } from '#protocol/endpoints';
import { slashDate } from '../../lib/birthday-input';
import { type RegisterOneDraft, type RegisterTwoDraft, storage } from '../../lib/storage';
import type { StepOneValues, StepTwoValues } from './form-schemas';

const EMPTY_ONE: RegisterOneDraft = { mobile: '', name: '', password: '', confirm: '', agreed_terms: [] };
const EMPTY_TWO: RegisterTwoDraft = { referrer_code: '', gender: '', email: '', birthday: '' };

export const stepOneDraft = (): RegisterOneDraft => storage.register1.get() ?? EMPTY_ONE;
export const stepTwoDraft = (): RegisterTwoDraft => storage.register2.get() ?? EMPTY_TWO;

export const saveStepOne = (patch: Partial<RegisterOneDraft>) => storage.register1.set({ ...stepOneDraft(), ...patch });
export const saveStepTwo = (patch: Partial<RegisterTwoDraft>) => storage.register2.set({ ...stepTwoDraft(), ...patch });

/** Registration is over: nothing of it stays in the tab. */
export function forgetRegistration(): void {
  storage.register1.remove();
  storage.register2.remove();
  storage.tempAccessToken.remove();
  storage.check3rdCrmData.remove();
}

/**
 * The spec's registration payload from step 1 and, unless the member skipped it, step 2.
 * The security question is fixed and its answer is the member's name.
 */
export function registrationPayload(one: StepOneValues, two: StepTwoValues | null): RegisterPayload {
  return {
    mobile: one.mobile,
    password: one.password,
    name: one.name,
    gender: two?.gender ?? null,
    birthday: two?.birthday ? slashDate(two.birthday) : null,
    email: two?.email || null,
    security_question: SECURITY_QUESTION,
    security_answer: one.name,
    referrer_code: two?.referrer_code ?? '',
  };
}
