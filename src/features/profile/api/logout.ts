import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActionOptions } from '../../../api/action-options';
import { callApi } from '../../../api/client';
import { logOutOfLine } from '../../../lib/liff';
import { forgetMember } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { memberProfileQueryOptions } from './get-member-profile';
import { memberToken } from './member-token';

/**
 * Signs this device out. The server revokes the token; whatever it answers, and when it cannot be
 * reached, the member is forgotten here all the same, so the way out never fails (a token the
 * server did not hear about only lives out its year). A LINE sign-in also ends LIFF's LINE login.
 */
async function signOut(): Promise<void> {
  const token = memberToken();
  const signedInWithLine = storage.loginType.get() === 'Line';
  try {
    if (token) await callApi('logout', { token });
  } catch {
    // Nothing to tell the member: they are signed out on this device either way.
  }
  forgetMember();
  if (signedInWithLine) await logOutOfLine();
}

/** Signing out: the profile the screen showed is dropped once the member has left it (`onSuccess` navigates). */
export function useLogoutMutation(options: ActionOptions<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: signOut,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      queryClient.removeQueries({ queryKey: memberProfileQueryOptions().queryKey });
    },
  });
}
