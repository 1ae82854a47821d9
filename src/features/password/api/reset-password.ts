import { useMutation } from '@tanstack/react-query';
import type { CallOptions } from '../../../api/action-options';
import { callApi, encrypt } from '../../../api/client';

/** The new password, set under the recovery's temp token once its code was verified. */
export const resetPassword = async ({ token, password }: { token: string; password: string }) =>
  callApi('resetPassword', { token, params: { new_password: await encrypt(password) } });

export const useResetPasswordMutation = (options: CallOptions<typeof resetPassword>) =>
  useMutation({ ...options, mutationFn: resetPassword });
