import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ApiError, failureMessage, NETWORK_FAILURE } from '../../api/client';
import { endSession } from '../../lib/session';

/** How long the load-failure message shows before the member goes to /login (spec section 9). */
const LOAD_FAILURE_REDIRECT_MS = 2500;

/**
 * Whether no answer came at all: the spec's trip to /login is for the server's message (a dead
 * session, a refusal); on a weak signal the member stays, with the way to try again.
 */
export const cameWithoutAnswer = (error: unknown): boolean => error instanceof ApiError && error.rc === NETWORK_FAILURE;

/**
 * A profile that cannot be loaded: the message, then /login after 2.5 seconds. A dead token
 * also ends the stored session, so /login offers the form instead of sending the member back here.
 */
export function useLoadFailure(error: unknown): string {
  const navigate = useNavigate();

  useEffect(() => {
    if (cameWithoutAnswer(error)) return;
    if (error instanceof ApiError && error.rc === 'TOKEN_INVALID') endSession();
    const timer = setTimeout(() => void navigate({ to: '/login', replace: true }), LOAD_FAILURE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [error, navigate]);

  return failureMessage(error);
}
