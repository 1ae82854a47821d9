import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { failureMessage, gotNoAnswer } from '../../api/client';

/** How long the load-failure message shows before the member goes to /login (spec section 9). */
const LOAD_FAILURE_REDIRECT_MS = 2500;

/**
 * A profile that cannot be loaded: the message, then /login after 2.5 seconds. A dead token has
 * ended the stored session already (`callApi`), so /login offers the form instead of sending the
 * member back here.
 */
export function useLoadFailure(error: unknown): string {
  const navigate = useNavigate();

  useEffect(() => {
    // The spec's trip to /login is for the server's message (a dead session, a refusal); with no
    // answer at all the member stays, with the way to try again (ProfileUnreached).
    if (gotNoAnswer(error)) return;
    const timer = setTimeout(() => void navigate({ to: '/login', replace: true }), LOAD_FAILURE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [error, navigate]);

  return failureMessage(error);
}
