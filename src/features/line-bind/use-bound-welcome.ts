import { useEffect, useState } from 'react';
import { hasRc } from '../../api/client';
import { fetchRedirectLocation } from '../../api/redirect-location';
import { trackSignIn } from '../../lib/analytics';
import { forgetLineBind } from '../../lib/line-bind';
import { leaveFor } from '../../lib/redirect';
import { startSession } from '../../lib/session';
import { storage } from '../../lib/storage';

/** The bind overlay shows this long before the member is taken on (spec section 9). */
export const LINE_BIND_REDIRECT_MS = 1000;

/**
 * A bound member is signed in (their next sign-in will be LINE's) and the bind flow is forgotten;
 * a second later the member goes to the redirect location. A failed fetch only stops the wait.
 */
export function useBoundWelcome() {
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
    }, LINE_BIND_REDIRECT_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [memberToken]);

  return {
    bound: memberToken !== null,
    redirectFailed,
    welcome(token: string, lineToken: string) {
      startSession(token, 'Line');
      storage.lineAccessToken.set(lineToken);
      trackSignIn('Line');
      forgetLineBind();
      setMemberToken(token);
    },
  };
}
