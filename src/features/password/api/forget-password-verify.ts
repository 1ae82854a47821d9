import { useMutation } from '@tanstack/react-query';
import type { CallOptions } from '../../../api/action-options';
import { callApi } from '../../../api/client';

/** The texted code, checked under the recovery's temp token. */
export const forgetPasswordVerify = ({ token, code }: { token: string; code: string }) =>
  callApi('forgetPasswordVerify', { token, params: { verify_code: code } });

export const useForgetPasswordVerifyMutation = (options: CallOptions<typeof forgetPasswordVerify>) =>
  useMutation({ ...options, mutationFn: forgetPasswordVerify });
