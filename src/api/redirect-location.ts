import { encryptValue } from '#protocol/crypto';
import { AES_KEY_COOKIE, ENDPOINTS, MMRM_TOKEN_HEADER, type Results } from '#protocol/endpoints';
import { type ApiResponse, rcrm } from '#protocol/rc';
import { readCookie } from '../lib/cookies';
import { isSafeRedirect, leaveFor } from '../lib/redirect';
import { takeReturnPath } from '../lib/return-path';
import { storage } from '../lib/storage';
import { apiUrl, encrypt, getApi, hasRc } from './client';

/**
 * Where a signed-in member goes next: back to the page that sent them to sign in (an OAuth hop
 * on /authorize), else the saved rurl, asked the same way, or the member API's answer.
 */
export function fetchRedirectLocation(memberToken: string): Promise<ApiResponse<Results<'redirectLocation'>>> {
  // That page is this app's own and its hop expires soon: no call is needed or worth waiting for.
  const returnPath = takeReturnPath();
  if (returnPath) return Promise.resolve({ rcrm: rcrm('C01'), results: { location: returnPath } });
  const rurl = storage.rurl.get();
  const { base, path } = ENDPOINTS.redirectLocation;
  // The token travels to this address, so a stored rurl is checked again before use.
  const target = new URL(rurl && isSafeRedirect(rurl) ? rurl : apiUrl(base, path), window.location.origin);
  const cookieSecret = readCookie(AES_KEY_COOKIE);
  // Without the cookie (the page was not served by the member server) the header alone carries the token.
  if (cookieSecret) target.searchParams.set('x_token', encryptValue(cookieSecret, memberToken));
  return getApi('redirectLocation', target.toString(), { [MMRM_TOKEN_HEADER]: encrypt(memberToken) });
}

/** Whether the page is leaving, and the RM when the redirect location answered another RC than C01. */
interface RedirectOutcome {
  leaving: boolean;
  refusal: string | null;
}

/**
 * Fetches the redirect location and leaves for it. A failed fetch or an unsafe location leaves
 * the member where they are, with no message (spec section 8); a refusal's RM is the caller's to show.
 */
export async function followRedirectLocation(memberToken: string): Promise<RedirectOutcome> {
  let answer: Awaited<ReturnType<typeof fetchRedirectLocation>>;
  try {
    answer = await fetchRedirectLocation(memberToken);
  } catch {
    return { leaving: false, refusal: null };
  }
  if (!hasRc(answer, 'C01')) return { leaving: false, refusal: answer.rcrm.RM };
  return { leaving: leaveFor(answer.results?.location), refusal: null };
}

/** Leaves for the redirect location; answers whether the page is leaving, and says nothing otherwise. */
export async function leaveForRedirectLocation(memberToken: string): Promise<boolean> {
  return (await followRedirectLocation(memberToken)).leaving;
}
