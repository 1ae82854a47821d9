import { useMutation } from '@tanstack/react-query';
import type { ActionOptions, Answer } from '../../../api/action-options';
import { callApi, encrypt, hasRc } from '../../../api/client';
import { type RetriedChange, retrySafeCall } from '../../../api/retry-safe-call';

/** The new password, set under the recovery's temp token once its code was verified. */
const resetPassword = async ({ token, password }: { token: string; password: string }) =>
  callApi('resetPassword', { token, params: { new_password: await encrypt(password) } });

/**
 * The reset. It spends the temp token, so after a try whose answer was lost the next one finds
 * the token gone: TOKEN_INVALID then most likely means the reset was made. Only most likely (the
 * token's 30 minutes may have run out meanwhile), and no call can tell short of signing in with
 * the new password: `madeEarlier` here is the screen's cue to say so, not a proof.
 */
const resetSafely = retrySafeCall('resetPassword', resetPassword, (answer) => hasRc(answer, 'TOKEN_INVALID'));

export const useResetPasswordMutation = (
  options: ActionOptions<RetriedChange<Answer<'resetPassword'>>, { token: string; password: string }>,
) => useMutation({ ...options, mutationFn: resetSafely });
