import { useMutation } from '@tanstack/react-query';
import type { CallOptions } from '../../../api/action-options';
import { callApi } from '../../../api/client';
import { memberToken } from './member-token';

/** The code sent to the new mobile; the right one makes the new mobile the account. */
export const memberVerify = (code: string) =>
  callApi('memberVerify', { token: memberToken(), params: { verify_code: code } });

export const useMemberVerifyMutation = (options: CallOptions<typeof memberVerify>) =>
  useMutation({ ...options, mutationFn: memberVerify });
