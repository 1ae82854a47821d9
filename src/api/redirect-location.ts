import type { Results } from '#protocol/endpoints';
import { type ApiResponse, rcrm } from '#protocol/rc';
import { AES_KEY_COOKIE, MMRM_TOKEN_HEADER } from '#protocol/values';
import { readCookie } from '../lib/cookies';
import { isSafeRedirect, leaveFor } from '../lib/redirect';
import { takeReturnPath } from '../lib/return-path';
import { storage } from '../lib/storage';
import { callUrl, encrypt, getApi, gotNoAnswer, hasRc, sessionRefused } from './client';

/** GETs a redirect location at a saved rurl that stands in for the member API's, or (null) at the member API's. */
async function getLocation(
  rurl: string | null,
  memberToken: string,
): Promise<ApiResponse<Results<'redirectLocation'>>> {
  const target = new URL(rurl ?? callUrl('redirectLocation'), window.location.origin);
  const cookieSecret = readCookie(AES_KEY_COOKIE);
  // Without the cookie (the page was not served by the member server) the header alone carries the token.
  if (cookieSecret) target.searchParams.set('x_token', await encrypt(memberToken, cookieSecret));
  return getApi('redirectLocation', target.toString(), { [MMRM_TOKEN_HEADER]: await encrypt(memberToken) });
}

/**
 * Where a signed-in member goes next: back to the page that sent them to sign in (an OAuth hop
 * on /authorize), else the saved rurl, asked the same way, or the member API's answer.
 */
export function fetchRedirectLocation(memberToken: string): Promise<ApiResponse<Results<'redirectLocation'>>> {
  // That page is this app's own and its hop expires soon: no call is needed or worth waiting for.
  const returnPath = takeReturnPath();
  if (returnPath) return Promise.resolve({ rcrm: rcrm('C01'), results: { location: returnPath } });
  const rurl = storage.rurl.get();
  // The token travels to this address, so a stored rurl is checked again before use.
  return getLocation(rurl && isSafeRedirect(rurl) ? rurl : null, memberToken);
}

/**
 * A safe location, or why there is none: the RM of another RC than C01, null when none came;
 * `answered` is false when nothing came back at all (the signal, not the address, failed), and
 * `sessionEnded` says the answer was TOKEN_INVALID.
 */
type Asked =
  | { location: string; refusal: null; answered: true; sessionEnded: false }
  | { location: null; refusal: string | null; answered: boolean; sessionEnded: boolean };

async function ask(call: () => ReturnType<typeof fetchRedirectLocation>): Promise<Asked> {
  try {
    const answer = await call();
    if (!hasRc(answer, 'C01')) {
      return { location: null, refusal: answer.rcrm.RM, answered: true, sessionEnded: hasRc(answer, 'TOKEN_INVALID') };
    }
    const location = answer.results?.location;
    return isSafeRedirect(location)
      ? { location, refusal: null, answered: true, sessionEnded: false }
      : { location: null, refusal: null, answered: true, sessionEnded: false };
  } catch (error) {
    return { location: null, refusal: null, answered: !gotNoAnswer(error), sessionEnded: false };
  }
}

/**
 * Where the member goes next. When asking failed (`failed`), `refusal` is the RM that came back
 * (null when none did) and `location` the member API's answer, asked instead of a failing saved
 * rurl, or null: the caller's default then. `sessionEnded`: the member API itself refused the
 * token (the password was changed or reset elsewhere, or the session ended there); the session
 * ends here too, as after any call (`callApi`), and there is nowhere to go on to.
 */
export type RedirectPlan =
  | { failed: false; location: string }
  | { failed: true; refusal: string | null; location: string | null; sessionEnded: false }
  | { failed: true; refusal: string | null; location: null; sessionEnded: true };

function sessionEnded(memberToken: string, refusal: string | null): RedirectPlan {
  sessionRefused(memberToken);
  return { failed: true, refusal, location: null, sessionEnded: true };
}

export async function planRedirect(memberToken: string): Promise<RedirectPlan> {
  const asked = await ask(() => fetchRedirectLocation(memberToken));
  if (asked.location) return { failed: false, location: asked.location };
  const rurl = storage.rurl.get();
  if (!rurl || !isSafeRedirect(rurl)) {
    if (asked.sessionEnded) return sessionEnded(memberToken, asked.refusal);
    return { failed: true, refusal: asked.refusal, location: null, sessionEnded: false };
  }
  const fallback = await ask(() => getLocation(null, memberToken));
  // The rurl was not at fault: the session has ended, and the next sign-in goes there still.
  if (fallback.sessionEnded) return sessionEnded(memberToken, fallback.refusal);
  // A rurl that answers wrongly would fail every later sign-in too: it is forgotten, and the member API
  // asked instead. One that got no answer may answer next time (a weak signal): it is kept for then.
  if (asked.answered) storage.rurl.remove();
  return { failed: true, refusal: asked.refusal, location: fallback.location, sessionEnded: false };
}

/**
 * Leaves for the redirect location (the member API's, when a saved rurl fails); answers whether
 * the page is leaving. When no location can be had, the member stays, with no message (spec section 8).
 */
export async function leaveForRedirectLocation(memberToken: string): Promise<boolean> {
  const { location } = await planRedirect(memberToken);
  return location !== null && leaveFor(location);
}
