import { storage } from '../lib/storage';
import { gotNoAnswer } from './client';

/**
 * A change's answer, and whether a try before it, whose answer was lost, had made the change
 * (known for sure where the server can be asked; the password reset can only say most likely).
 */
export interface RetriedChange<TAnswer> {
  answer: TAnswer;
  madeEarlier: boolean;
}

/** The changes whose lost answer is kept in the tab (`storage.answersLost`), named by their call. */
export type RetriedCall = 'updateMemberPassword' | 'verifyVerificationCode' | 'resetPassword' | 'register';

/** Whether `call`'s last try got no answer: kept in the tab, so a reload or coming back still knows. */
export const answerWasLost = (call: RetriedCall): boolean => storage.answersLost.get()?.includes(call) ?? false;

/** Keeps that `call`'s last try got no answer (`lost`), or forgets it once an answer came. */
export function keepAnswerLost(call: RetriedCall, lost: boolean): void {
  const calls = (storage.answersLost.get() ?? []).filter((name) => name !== call);
  if (lost) calls.push(call);
  if (calls.length > 0) storage.answersLost.set(calls);
  else storage.answersLost.remove();
}

/**
 * Asks the server whether the change had been made. Asking may itself get no answer: that is
 * said, and the next try asks again. A refused question (the server failed) tells nothing, and
 * the answer is shown as it came.
 */
export async function askWhetherMade(question: () => boolean | Promise<boolean>): Promise<boolean> {
  try {
    return await question();
  } catch (error) {
    if (gotNoAnswer(error)) throw error;
    return false;
  }
}

/**
 * A call that changes something, made safe to try again on a weak signal. A try whose answer
 * was lost may have been made all the same; the next try then meets the new state and answers
 * as if the member were wrong (a changed password is no longer the old one, a spent code is
 * refused). Only after a lost answer, `madeEarlier` reads the next answer, and may ask the
 * server, to tell whether the change had been made (decision 0013). The lost answer is kept in
 * the tab under `name` until an answer comes. Used as a mutationFn.
 */
export function retrySafeCall<TInput, TAnswer>(
  name: RetriedCall,
  call: (input: TInput) => Promise<TAnswer>,
  madeEarlier: (answer: TAnswer, input: TInput) => boolean | Promise<boolean>,
): (input: TInput) => Promise<RetriedChange<TAnswer>> {
  return async (input) => {
    try {
      const answer = await call(input);
      const made = answerWasLost(name) && (await askWhetherMade(() => madeEarlier(answer, input)));
      keepAnswerLost(name, false);
      return { answer, madeEarlier: made };
    } catch (error) {
      if (gotNoAnswer(error)) keepAnswerLost(name, true);
      throw error;
    }
  };
}
