import { useEffect, useState } from 'react';
import { hasRc } from '../api/client';
import { fetchRedirectLocation } from '../api/redirect-location';
import { leaveFor } from './redirect';

/**
 * After a success overlay has shown for `delayMs`, asks for the member's redirect location and
 * goes there; a failed fetch only stops the wait (spec section 8), and `redirectFailed` says so.
 */
export function useRedirectAfter(delayMs: number) {
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
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [memberToken, delayMs]);

  return { started: memberToken !== null, redirectFailed, start: setMemberToken };
}
