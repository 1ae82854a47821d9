import { useMutation } from '@tanstack/react-query';
import {
  ENDPOINTS,
  type ForgetPasswordParams,
  type ResetPasswordParams,
  type TempTokenResults,
  type UpdateMemberPasswordParams,
} from '#protocol/endpoints';
import type { ApiResponse } from '#protocol/rc';
import { callApi, encrypt } from '../../api/client';
import { storage } from '../../lib/storage';

export function forgetPassword({ mobile }: ForgetPasswordParams) {
  return callApi<TempTokenResults>(ENDPOINTS.forgetPassword, { params: { mobile: encrypt(mobile) } });
}

/** Calls that need the recovery's temp token make no call without it and answer null. */
function withRecoveryToken<R>(call: (token: string) => Promise<ApiResponse<R>>): Promise<ApiResponse<R> | null> {
  const token = storage.forgotPasswordToken.get();
  return token ? call(token) : Promise.resolve(null);
}

export const forgetPasswordVerify = (verifyCode: string) =>
  withRecoveryToken((token) => callApi(ENDPOINTS.forgetPasswordVerify, { token, params: { verify_code: verifyCode } }));

export const resendForgetVerify = () => withRecoveryToken((token) => callApi(ENDPOINTS.resendForgetVerify, { token }));

export const resetPassword = ({ new_password }: ResetPasswordParams) =>
  withRecoveryToken((token) =>
    callApi(ENDPOINTS.resetPassword, { token, params: { new_password: encrypt(new_password) } }),
  );

export function updateMemberPassword({ token, ...change }: UpdateMemberPasswordParams & { token: string }) {
  return callApi(ENDPOINTS.updateMemberPassword, {
    token,
    params: { old_password: encrypt(change.old_password), new_password: encrypt(change.new_password) },
  });
}

export const useForgetPasswordMutation = () => useMutation({ mutationFn: forgetPassword });
export const useForgetPasswordVerifyMutation = () => useMutation({ mutationFn: forgetPasswordVerify });
export const useResendForgetVerifyMutation = () => useMutation({ mutationFn: resendForgetVerify });
export const useResetPasswordMutation = () => useMutation({ mutationFn: resetPassword });
export const useUpdateMemberPasswordMutation = () => useMutation({ mutationFn: updateMemberPassword });
