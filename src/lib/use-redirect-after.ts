import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { leaveForRedirectLocation } from '../api/redirect-location';

/** The page is unloading for another address: nothing settles, so the loading modal stays until it is gone. */
const stillLeaving = () => new Promise<never>(() => {});

/**
 * Leaving for the member's redirect location, as an action: pending while it is asked for and
 * while the page leaves; a failed fetch or an unsafe location only ends the wait (spec section 8).
 */
export const useLeaveForRedirectLocation = () =>
  useMutation({
    mutationFn: leaveForRedirectLocation,
    onSuccess: (leaving) => (leaving ? stillLeaving() : undefined),
  });

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
