import { useMutation } from '@tanstack/react-query';
import { MEMBER_VERIFICATION } from '#protocol/values';
import type { CallOptions } from '../../../api/action-options';
import { callApi } from '../../../api/client';
import { memberToken } from './member-token';

/** A code to the member's current mobile, to verify it. */
export const sendVerificationCode = () =>
  callApi('sendVerificationCode', { token: memberToken(), params: { verification_type: MEMBER_VERIFICATION } });

export const useSendVerificationCodeMutation = (options: CallOptions<typeof sendVerificationCode>) =>
  useMutation({ ...options, mutationFn: sendVerificationCode });
