import { useMutation } from '@tanstack/react-query';
import type { ActionOptions, Answer } from '../../../api/action-options';
import { callApi, hasRc } from '../../../api/client';
import { askWhetherMade, type RetriedChange } from '../../../api/retry-safe-call';
import { storage } from '../../../lib/storage';
import { getMemberProfile } from './get-member-profile';
import { memberToken } from './member-token';

/** The code sent to the new mobile; the right one makes the new mobile the account. */
const memberVerify = (code: string) => callApi('memberVerify', { token: memberToken(), params: { verify_code: code } });

/**
 * The code. After a try whose answer was lost (before a reload too, or on another visit to the
 * screen), the next finds no change pending (the move ended it): so MOBILE_CHANGE_EXPIRED always
 * asks for the profile, a plain read, and if the account's mobile is the new one, the move was made.
 */
async function verifySafely(code: string): Promise<RetriedChange<Answer<'memberVerify'>>> {
  const answer = await memberVerify(code);
  const madeEarlier =
    hasRc(answer, 'MOBILE_CHANGE_EXPIRED') &&
    (await askWhetherMade(async () => (await getMemberProfile()).mobile === storage.memberChangeMobile.get()?.to));
  return { answer, madeEarlier };
}

export const useMemberVerifyMutation = (options: ActionOptions<RetriedChange<Answer<'memberVerify'>>, string>) =>
  useMutation({ ...options, mutationFn: verifySafely });
