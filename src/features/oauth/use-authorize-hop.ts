import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { OAuthAuthorizeParams, OAuthClientInfo } from '#protocol/endpoints';
import { RC_MESSAGES } from '#protocol/rc';
import { failureMessage, hasRc } from '../../api/client';
import { leaveForOAuthClient } from '../../lib/redirect';
import { endSession, readSession } from '../../lib/session';
import { useOAuthAuthorizeMutation, useOAuthInfoQuery } from './api';
import { returnHereAfterSignIn } from './arrival';

interface Failure {
  message: string;
  /** The member token is no longer good: closing the notice goes to sign in, then back here. */
  signInAgain?: boolean;
}

/**
 * The spec's /authorize: by itself it asks who the client is, then authorizes with the member
 * token and leaves for the location the server answers. Any failure is one notice with its RM.
 */
export function useAuthorizeHop(hop: OAuthAuthorizeParams | null) {
  const info = useOAuthInfoQuery(hop?.random_key ?? null);
  const authorizeMutation = useOAuthAuthorizeMutation();
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  const [authorizeFailure, setAuthorizeFailure] = useState<Failure | null>(null);
  const [noticeClosed, setNoticeClosed] = useState(false);
  const authorizing = useRef(false);

  const client: OAuthClientInfo | null = (info.data && hasRc(info.data, 'C01') && info.data.results?.client) || null;
  const failure: Failure | null = !hop
    ? { message: RC_MESSAGES.OAUTH_REQUEST_INVALID }
    : info.error
      ? { message: failureMessage(info.error) }
      : info.data && !client
        ? { message: hasRc(info.data, 'C01') ? RC_MESSAGES.SYSTEM_ERROR : info.data.rcrm.RM }
        : authorizeFailure;

  async function authorizeAndLeave(request: OAuthAuthorizeParams): Promise<Failure | null> {
    const session = readSession();
    if (!session) return { message: RC_MESSAGES.TOKEN_INVALID, signInAgain: true };
    try {
      const answer = await authorizeMutation.mutateAsync({ token: session.token, ...request });
      if (!hasRc(answer, 'C01')) return { message: answer.rcrm.RM, signInAgain: hasRc(answer, 'TOKEN_INVALID') };
      return leaveForOAuthClient(answer.results?.location) ? null : { message: RC_MESSAGES.SYSTEM_ERROR };
    } catch (error) {
      return { message: failureMessage(error) };
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the random_key is single use, so this runs once.
  useEffect(() => {
    if (!hop || !client || authorizing.current) return;
    authorizing.current = true;
    void authorizeAndLeave(hop).then(setAuthorizeFailure);
  }, [client]);

  function closeNotice() {
    setNoticeClosed(true);
    if (!failure?.signInAgain) return;
    endSession();
    returnHereAfterSignIn(href);
    void navigate({ to: '/login', replace: true });
  }

  return {
    client,
    /** Working, or leaving for the client: the loading modal stays until the browser navigates. */
    busy: failure === null,
    failed: failure !== null,
    notice: failure && !noticeClosed ? failure.message : null,
    closeNotice,
  };
}
