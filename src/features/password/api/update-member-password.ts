import { useMutation } from '@tanstack/react-query';
import type { CheckedParams } from '#protocol/endpoints';
import type { CallOptions } from '../../../api/action-options';
import { callApi, encrypt } from '../../../api/client';

/** A signed-in member's password change: the old and the new password, in plain text. */
export type PasswordChange = CheckedParams<'updateMemberPassword'> & { token: string };

export const updateMemberPassword = async ({ token, old_password, new_password }: PasswordChange) =>
  callApi('updateMemberPassword', {
    token,
    params: { old_password: await encrypt(old_password), new_password: await encrypt(new_password) },
  });

export const useUpdateMemberPasswordMutation = (options: CallOptions<typeof updateMemberPassword>) =>
  useMutation({ ...options, mutationFn: updateMemberPassword });
