import { hasRc } from '../../api/client';
import { useRedirectLocationMutation } from '../../api/redirect-location';
import { trackSignIn } from '../../lib/analytics';
import { leaveFor } from '../../lib/redirect';
import type { LoginType } from '../../lib/storage';

/**
 * A signed-in member leaves for the server's redirect location. Answers whether the page is
 * leaving; a failed fetch or an unsafe location leaves the member here with no message.
 */
export function useMemberRedirect() {
  const redirectLocation = useRedirectLocationMutation();
  return async (token: string, method: LoginType): Promise<boolean> => {
    trackSignIn(method);
    try {
      const answer = await redirectLocation.mutateAsync(token);
      return hasRc(answer, 'C01') && leaveFor(answer.results?.location);
    } catch {
      return false;
    }
  };
}
