import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../api/client';
import { forgetLineBind } from '../../lib/line-bind';
import { leaveFor } from '../../lib/redirect';
import { readSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { loginMutationKey, type Notice, type SignIn, useLogin } from './api/use-login';

/**
 * The login screen's one flow: every way in runs the login mutation under the loading modal, its
 * outcome drives the notice, and a member who arrives signed in is moved on at once.
 */
export function useLoginFlow() {
  const login = useLogin();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  // A page that is leaving keeps its loading modal until the browser navigates.
  const busy = login.isPending || login.data?.leaving === true;

  function signIn(how: SignIn) {
    // One sign-in at a time: the mutation cache knows at once, where a render's state may be behind.
    if (busy || queryClient.isMutating({ mutationKey: loginMutationKey }) > 0) return;
    login.mutate(how, {
      onSuccess: (outcome) => {
        if (!outcome.leaving) setNotice(outcome.notice);
      },
      onError: (error) => setNotice({ message: failureMessage(error), offerLineBind: false }),
    });
  }

  const arrived = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on arrival, as the spec's guard does.
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    const session = readSession();
    if (session) signIn({ with: 'session', token: session.token, method: storage.loginType.get() ?? 'Member' });
  }, []);

  return {
    busy,
    notice,
    signIn,
    showNotice: (message: string, offerReload = false) => setNotice({ message, offerLineBind: false, offerReload }),
    closeNotice: () => {
      setNotice(null);
      // Closed without taking the way to the bind screen (which leaves without closing): the offer is
      // declined. Kept, the LINE login would be bound to whoever registers next in this tab, on a
      // shared screen someone else.
      if (notice?.offerLineBind) forgetLineBind();
      // Signed in, but the redirect location could not be had: on to the default one once told why.
      if (notice?.thenLeaveFor) leaveFor(notice.thenLeaveFor);
    },
  };
}
