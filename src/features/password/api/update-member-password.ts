import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import type { CheckedParams } from '#protocol/endpoints';
import type { ActionOptions, Answer } from '../../../api/action-options';
import { callApi, encrypt, gotNoAnswer, hasRc } from '../../../api/client';

/** A signed-in member's password change: the old and the new password, in plain text. */
export type PasswordChange = CheckedParams<'updateMemberPassword'> & { token: string };

export const updateMemberPassword = async ({ token, old_password, new_password }: PasswordChange) =>
  callApi('updateMemberPassword', {
    token,
    params: { old_password: await encrypt(old_password), new_password: await encrypt(new_password) },
  });

/** The change's answer, and whether the change had been made already by a try whose answer was lost. */
export interface PasswordChangeResult {
  answer: Answer<'updateMemberPassword'>;
  madeEarlier: boolean;
}

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
 * The change, made safe to try again on a weak signal. A try whose answer was lost may have
 * changed the password: the next try then finds the old one wrong, and a member who kept
 * trying would lock the account after five. So a PASSWORD_INCORRECT after a lost answer asks
 * once whether the new password is already the member's; if it is, the change was made.
 */
export function useUpdateMemberPasswordMutation(options: ActionOptions<PasswordChangeResult, PasswordChange>) {
  const answerLost = useRef(false);
  return useMutation({
    ...options,
    mutationFn: async (change) => {
      try {
        const answer = await updateMemberPassword(change);
        const madeEarlier =
          answerLost.current && hasRc(answer, 'PASSWORD_INCORRECT') && (await isAlreadyThePassword(change));
        answerLost.current = false;
        return { answer, madeEarlier };
      } catch (error) {
        if (gotNoAnswer(error)) answerLost.current = true;
        throw error;
      }
    },
  });
}
