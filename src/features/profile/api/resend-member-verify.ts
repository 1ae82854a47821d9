import { useMutation } from '@tanstack/react-query';
import type { CallOptions } from '../../../api/action-options';
import { callApi } from '../../../api/client';
import { memberToken } from './member-token';

/** The code to the new mobile, again. */
export const resendMemberVerify = () => callApi('resendMemberVerify', { token: memberToken() });

export const useResendMemberVerifyMutation = (options: CallOptions<typeof resendMemberVerify>) =>
  useMutation({ ...options, mutationFn: resendMemberVerify });
