import { useMutation } from '@tanstack/react-query';
import type { CheckedParams } from '#protocol/endpoints';
import type { CallOptions } from '../../../api/action-options';
import { callApi, encrypt } from '../../../api/client';
import { memberToken } from './member-token';

/** The new mobile and the current password, in plain text; a code then goes to the new mobile. */
export const updateMemberMobile = async ({ mobile, password }: CheckedParams<'updateMemberMobile'>) =>
  callApi('updateMemberMobile', {
    token: memberToken(),
    params: { mobile: await encrypt(mobile), password: await encrypt(password) },
  });

export const useUpdateMemberMobileMutation = (options: CallOptions<typeof updateMemberMobile>) =>
  useMutation({ ...options, mutationFn: updateMemberMobile });
