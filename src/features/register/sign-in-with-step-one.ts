import { useMutation } from '@tanstack/react-query';
import type { ActionOptions, Answer } from '../../api/action-options';
import { login } from '../../api/member-login';
import { stepOneDraft } from './drafts';

/**
 * Signs in with step 1's mobile and password, still in the tab: the way into a registration
 * whose answer was lost on a weak signal (the server's login completes a registration that
 * stopped before step 3). Null when step 1 is no longer there.
 */
export async function signInWithStepOne(): Promise<Answer<'login'> | null> {
  const { mobile, password } = stepOneDraft();
  return mobile && password ? login({ account: mobile, password }) : null;
}

/** `signInWithStepOne` as an action; its variable is what to say if it does not sign in. */
export const useSignInWithStepOneMutation = (options: ActionOptions<Answer<'login'> | null, string>) =>
  useMutation({ ...options, mutationFn: () => signInWithStepOne() });
