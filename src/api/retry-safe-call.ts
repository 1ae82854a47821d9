import { useRef } from 'react';
import { gotNoAnswer } from './client';

/**
 * A change's answer, and whether a try before it, whose answer was lost, had made the change
 * (known for sure where the server can be asked; the password reset can only say most likely).
 */
export interface RetriedChange<TAnswer> {
  answer: TAnswer;
  madeEarlier: boolean;
}

/**
 * A call that changes something, made safe to try again on a weak signal. A try whose answer
 * was lost may have been made all the same; the next try then meets the new state and answers
 * as if the member were wrong (a changed password is no longer the old one, a moved mobile has
 * no change pending). Only after a lost answer, `madeEarlier` reads the next answer, and may ask
 * the server, to tell whether the change had been made (decision 0013). Used as a mutationFn.
 */
export function useRetrySafeCall<TInput, TAnswer>(
  call: (input: TInput) => Promise<TAnswer>,
  madeEarlier: (answer: TAnswer, input: TInput) => boolean | Promise<boolean>,
): (input: TInput) => Promise<RetriedChange<TAnswer>> {
  const answerLost = useRef(false);
  // Asking may itself get no answer: that is said, and the next try asks again. A refused
  // question (the server failed) tells nothing, and the answer is shown as it came.
  const ask = async (answer: TAnswer, input: TInput) => {
    try {
      return await madeEarlier(answer, input);
    } catch (error) {
      if (gotNoAnswer(error)) throw error;
      return false;
    }
  };
  return async (input) => {
    try {
      const answer = await call(input);
      const made = answerLost.current && (await ask(answer, input));
      answerLost.current = false;
      return { answer, madeEarlier: made };
    } catch (error) {
      if (gotNoAnswer(error)) answerLost.current = true;
      throw error;
    }
  };
}
