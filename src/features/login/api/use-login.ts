import { useMutation } from '@tanstack/react-query';
import { signIn } from './sign-in';

export type { Notice, SignIn } from './sign-in';

export const loginMutationKey = ['login'] as const;

/** Signing in, by password, LINE or an arriving session: one mutation whose outcome says what the screen does. */
export function useLogin() {
  return useMutation({ mutationKey: loginMutationKey, mutationFn: signIn });
}
