import { useMutation } from '@tanstack/react-query';
import type { ActionOptions, Answer } from '../../../api/action-options';
import { callApi, hasRc } from '../../../api/client';
import { type RetriedChange, useRetrySafeCall } from '../../../api/retry-safe-call';
import { storage } from '../../../lib/storage';
import { getMemberProfile } from './get-member-profile';
import { memberToken } from './member-token';

/** The code sent to the new mobile; the right one makes the new mobile the account. */
const memberVerify = (code: string) => callApi('memberVerify', { token: memberToken(), params: { verify_code: code } });

/**
 * The code. After a try whose answer was lost, the next finds no change pending (the move
 * ended it): so that MOBILE_CHANGE_EXPIRED asks for the profile, and if the account's mobile is
 * the new one, the move was made.
 */
export function useMemberVerifyMutation(options: ActionOptions<RetriedChange<Answer<'memberVerify'>>, string>) {
  const mutationFn = useRetrySafeCall(
    memberVerify,
    async (answer) =>
      hasRc(answer, 'MOBILE_CHANGE_EXPIRED') && (await getMemberProfile()).mobile === storage.memberChangeMobile.get(),
  );
  return useMutation({ ...options, mutationFn });
}
