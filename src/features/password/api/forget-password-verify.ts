import { useMutation } from '@tanstack/react-query';
import type { CallOptions } from '../../../api/action-options';
import { callApi, hasRc } from '../../../api/client';
import { keepAnswerLost } from '../../../api/retry-safe-call';

/**
 * The texted code, checked under the recovery's temp token. A code verified begins a reset of
 * its own: a lost answer of an earlier recovery's reset in this tab tells nothing about it.
 */
export async function forgetPasswordVerify({ token, code }: { token: string; code: string }) {
  const answer = await callApi('forgetPasswordVerify', { token, params: { verify_code: code } });
  if (hasRc(answer, 'C01')) keepAnswerLost('resetPassword', false);
  return answer;
}

export const useForgetPasswordVerifyMutation = (options: CallOptions<typeof forgetPasswordVerify>) =>
  useMutation({ ...options, mutationFn: forgetPasswordVerify });
