import { startSession } from '../../lib/session';
import { useRedirectAfter } from '../../lib/use-redirect-after';

/** Shown this long before the member is taken on (spec section 9). */
const SUCCESS_REDIRECT_MS = 2000;

/**
 * A verified (or skipped) registration signs the member in like a login, which forgets the
 * registration (`startSession`), and two seconds later goes to the redirect location.
 */
export function useWelcome() {
  const redirect = useRedirectAfter(SUCCESS_REDIRECT_MS);
  return {
    welcomed: redirect.started,
    redirectFailed: redirect.redirectFailed,
    welcome(token: string) {
      startSession(token, 'Member');
      redirect.start(token);
    },
  };
}
