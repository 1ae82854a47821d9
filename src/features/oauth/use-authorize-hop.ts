import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { endSession } from '../../lib/session';
import { type HopFailure, hopFailureOf, type OAuthHop, useAuthorizeMutation } from './api';
import { returnHereAfterSignIn } from './arrival';

/**
 * The notice of a hop that stops here; closing it when the member token is no longer good ends
 * the session and signs the member in again, then brings them back to this very hop.
 */
export function useHopNotice(failure: HopFailure | null) {
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  const [closed, setClosed] = useState(false);

  function close() {
    setClosed(true);
    if (!failure?.signInAgain) return;
    endSession();
    returnHereAfterSignIn(href);
    void navigate({ to: '/login', replace: true });
  }

  return {
    message: failure && !closed ? failure.message : null,
    close,
    /** A new attempt begins: its failure, if it fails too, is told again. */
    reopen: () => setClosed(false),
  };
}

/**
 * The spec's /authorize once the client is known: by itself it authorizes with the member token
 * and leaves for the location the server answers. Any failure is one notice with its RM; when
 * no answer came, `tryAgain` sends the consent once more: the server answers the same member
 * with a new code until the client has used one (decision 0013).
 */
export function useAuthorizeHop(hop: OAuthHop) {
  const authorize = useAuthorizeMutation();
  const authorizing = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one consent per visit; a second only when the member asks to try again.
  useEffect(() => {
    if (authorizing.current) return;
    authorizing.current = true;
    authorize.mutate(hop);
  }, []);

  const failure: HopFailure | null = authorize.error ? hopFailureOf(authorize.error) : (authorize.data ?? null);
  const notice = useHopNotice(failure);
  const tryAgain = failure?.tryAgain
    ? () => {
        notice.reopen();
        authorize.mutate(hop);
      }
    : null;
  return { failure, notice, tryAgain };
}
