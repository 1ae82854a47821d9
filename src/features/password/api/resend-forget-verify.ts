import { useMutation } from '@tanstack/react-query';
import type { CallOptions } from '../../../api/action-options';
import { callApi } from '../../../api/client';

/** The code again, under the recovery's temp token. */
export const resendForgetVerify = (token: string) => callApi('resendForgetVerify', { token });

export const useResendForgetVerifyMutation = (options: CallOptions<typeof resendForgetVerify>) =>
  useMutation({ ...options, mutationFn: resendForgetVerify });
