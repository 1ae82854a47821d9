import { trackSignIn } from '../../lib/analytics';
import { forgetLineBind } from '../../lib/line-bind';
import { startSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { useRedirectAfter } from '../../lib/use-redirect-after';

/** The bind overlay shows this long before the member is taken on (spec section 9). */
export const LINE_BIND_REDIRECT_MS = 1000;

/**
 * A bound member is signed in (their next sign-in will be LINE's) and the bind flow is forgotten;
 * a second later the member goes to the redirect location.
 */
export function useBoundWelcome() {
  const redirect = useRedirectAfter(LINE_BIND_REDIRECT_MS);
  return {
    bound: redirect.started,
    redirectFailed: redirect.redirectFailed,
    welcome(token: string, lineToken: string) {
      startSession(token, 'Line');
      storage.lineAccessToken.set(lineToken);
      trackSignIn('Line');
      forgetLineBind();
      redirect.start(token);
    },
  };
}
