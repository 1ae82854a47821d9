import { useMutation } from '@tanstack/react-query';
import { MEMBER_VERIFICATION } from '#protocol/values';
import type { ActionOptions, Answer } from '../../../api/action-options';
import { callApi } from '../../../api/client';
import { type RetriedChange, retrySafeCall } from '../../../api/retry-safe-call';
import { getMemberProfile } from './get-member-profile';
import { memberToken } from './member-token';

/** The code that verifies the member's current mobile. */
const verifyVerificationCode = (code: string) =>
  callApi('verifyVerificationCode', {
    token: memberToken(),
    params: { verification_type: MEMBER_VERIFICATION, verification_code: code },
  });

const CODE_REFUSALS = new Set(['VERIFY_CODE_INCORRECT', 'VERIFY_CODE_EXPIRED', 'VERIFY_CODE_TOO_MANY_ATTEMPTS']);

/**
 * The code. After a try whose answer was lost, the next finds the code spent (it is single
 * use): so a refused code asks for the profile, and if the member is verified, the code worked.
 */
const verifySafely = retrySafeCall(
  'verifyVerificationCode',
  verifyVerificationCode,
  async (answer) => CODE_REFUSALS.has(answer.rcrm.RC) && (await getMemberProfile()).is_verified,
);

export const useVerifyVerificationCodeMutation = (
  options: ActionOptions<RetriedChange<Answer<'verifyVerificationCode'>>, string>,
) => useMutation({ ...options, mutationFn: verifySafely });
