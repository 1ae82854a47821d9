import { useEffect, useState } from 'react';
import { hasRc } from '../../api/client';
import { fetchRedirectLocation } from '../../api/redirect-location';
import { leaveFor } from '../../lib/redirect';
import { startSession } from '../../lib/session';
import { forgetRegistration } from './drafts';

/** Shown this long before the member is taken on (spec section 9). */
export const SUCCESS_REDIRECT_MS = 2000;

/**
 * A verified (or skipped) registration signs the member in like a login, forgets the registration,
 * and two seconds later goes to the redirect location; a failed fetch only stops the wait.
 */
export function useWelcome() {
  const [memberToken, setMemberToken] = useState<string | null>(null);
  const [redirectFailed, setRedirectFailed] = useState(false);

  useEffect(() => {
    if (!memberToken) return;
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const answer = await fetchRedirectLocation(memberToken);
        if (current && !(hasRc(answer, 'C01') && leaveFor(answer.results?.location))) setRedirectFailed(true);
      } catch {
        if (current) setRedirectFailed(true);
      }
    }, SUCCESS_REDIRECT_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [memberToken]);

  return {
    welcomed: memberToken !== null,
    redirectFailed,
    welcome(token: string) {
      startSession(token, 'Member');
      forgetRegistration();
      setMemberToken(token);
    },
  };
}
