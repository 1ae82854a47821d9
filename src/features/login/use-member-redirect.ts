import { leaveForRedirectLocation } from '../../api/redirect-location';
import { trackSignIn } from '../../lib/analytics';
import type { LoginType } from '../../lib/storage';

/**
 * A signed-in member leaves for the server's redirect location. Answers whether the page is
 * leaving; a failed fetch or an unsafe location leaves the member here with no message.
 */
export function useMemberRedirect() {
  return (token: string, method: LoginType): Promise<boolean> => {
    trackSignIn(method);
    return leaveForRedirectLocation(token);
  };
}
