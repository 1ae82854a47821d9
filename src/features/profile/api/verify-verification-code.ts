import { useMutation } from '@tanstack/react-query';
import { MEMBER_VERIFICATION } from '#protocol/values';
import type { CallOptions } from '../../../api/action-options';
import { callApi } from '../../../api/client';
import { memberToken } from './member-token';

/** The code that verifies the member's current mobile. */
export const verifyVerificationCode = (code: string) =>
  callApi('verifyVerificationCode', {
    token: memberToken(),
    params: { verification_type: MEMBER_VERIFICATION, verification_code: code },
  });

export const useVerifyVerificationCodeMutation = (options: CallOptions<typeof verifyVerificationCode>) =>
  useMutation({ ...options, mutationFn: verifyVerificationCode });
