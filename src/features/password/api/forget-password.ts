import { useMutation } from '@tanstack/react-query';
import type { CallOptions } from '../../../api/action-options';
import { callApi, encrypt } from '../../../api/client';

/** A code to the member's mobile; the answer carries the recovery's temp token. */
export const forgetPassword = async (mobile: string) =>
  callApi('forgetPassword', { params: { mobile: await encrypt(mobile) } });

export const useForgetPasswordMutation = (options: CallOptions<typeof forgetPassword>) =>
  useMutation({ ...options, mutationFn: forgetPassword });
