import { useEffect, useState } from 'react';
import { leaveForRedirectLocation } from '../api/redirect-location';

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
      const leaving = await leaveForRedirectLocation(memberToken);
      if (current && !leaving) setRedirectFailed(true);
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [memberToken, delayMs]);

  return { started: memberToken !== null, redirectFailed, start: setMemberToken };
}
