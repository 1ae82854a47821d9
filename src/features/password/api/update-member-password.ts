import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckedParams } from '#protocol/endpoints';
import type { ActionOptions, Answer } from '../../../api/action-options';
import { callApi, encrypt, hasRc } from '../../../api/client';
import { type RetriedChange, retrySafeCall } from '../../../api/retry-safe-call';
import { forgetMemberCard } from '../../../lib/member-answers';

/** A signed-in member's password change: the old and the new password, in plain text. */
export type PasswordChange = CheckedParams<'updateMemberPassword'> & { token: string };

const updateMemberPassword = async ({ token, old_password, new_password }: PasswordChange) =>
  callApi('updateMemberPassword', {
    token,
    params: { old_password: await encrypt(old_password), new_password: await encrypt(new_password) },
  });

/**
 * Is the new password the member's already? Asked as a change from the new password to itself:
 * the server checks the old password first, then refuses an unchanged one with
 * PASSWORD_SAME_AS_OLD, so that answer says yes and nothing is changed either way.
 */
async function isAlreadyThePassword({ token, new_password }: PasswordChange): Promise<boolean> {
  const answer = await updateMemberPassword({ token, old_password: new_password, new_password });
  return hasRc(answer, 'PASSWORD_SAME_AS_OLD');
}

/**
 * The change. After a try whose answer was lost, the next finds the old password wrong: that
 * PASSWORD_INCORRECT asks once whether the new password is already the member's, and if it is,
 * the change was made. The lost answer is kept in the tab, so the first retry after a reload asks
 * too, before a member who kept trying could reach the lock (which refuses the question as well).
 */
const changeSafely = retrySafeCall(
  'updateMemberPassword',
  updateMemberPassword,
  async (answer, change: PasswordChange) => hasRc(answer, 'PASSWORD_INCORRECT') && (await isAlreadyThePassword(change)),
);

export function useUpdateMemberPasswordMutation(
  options: ActionOptions<RetriedChange<Answer<'updateMemberPassword'>>, PasswordChange>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async (change: PasswordChange) => {
      const result = await changeSafely(change);
      if (hasRc(result.answer, 'C01') || result.madeEarlier) forgetMemberCard(queryClient);
      return result;
    },
  });
}
