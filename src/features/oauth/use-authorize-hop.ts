import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { type HopFailure, hopFailureOf, type OAuthHop, useAuthorizeMutation } from './api';
import { returnHereAfterSignIn } from './arrival';
import { useHopSession } from './hop-session';

/**
 * The notice of a hop that stops here; closing it when the member token is no longer good signs
 * the member in again, then brings them back to this very hop. The session refused has ended
 * already (`callApi`): ending it here too would end one signed in meanwhile in another tab.
 */
export function useHopNotice(failure: HopFailure | null) {
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  const [closed, setClosed] = useState(false);

  function close() {
    setClosed(true);
    if (!failure?.signInAgain) return;
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
 * with a new code until the client has used one (decision 0013). A hop that consented under
 * another session (another tab signed in again meanwhile) waits for the word of the member
 * signed in now (`goOn`): it must not consent for them by itself.
 */
export function useAuthorizeHop(hop: OAuthHop) {
  const authorize = useAuthorizeMutation();
  const hopSession = useHopSession();
  const authorizing = useRef(false);
  const [waitsForWord, setWaitsForWord] = useState(() => hopSession.changedSince());

  function consent() {
    hopSession.keep();
    authorize.mutate(hop);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: one consent per visit; a second only when the member asks to try again.
  useEffect(() => {
    if (authorizing.current || waitsForWord) return;
    authorizing.current = true;
    consent();
  }, []);

  const failure: HopFailure | null = authorize.error ? hopFailureOf(authorize.error) : (authorize.data ?? null);
  const notice = useHopNotice(failure);
  const tryAgain = failure?.tryAgain
    ? () => {
        notice.reopen();
        consent();
      }
    : null;
  const goOn = waitsForWord
    ? () => {
        setWaitsForWord(false);
        consent();
      }
    : null;
  return { failure, notice, tryAgain, goOn };
}
