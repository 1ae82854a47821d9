import { redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { OAUTH_REQUEST_MINUTES } from '#protocol/values';
import { keepReturnPath, SIGN_IN_RETURN_MS } from '../../lib/return-path';
import { searchText } from '../../lib/search';
import { readSession } from '../../lib/session';
import type { OAuthHop } from './api';

export const authorizeSearchSchema = v.object({
  random_key: searchText,
  client_id: searchText,
  state: searchText,
});
export type AuthorizeSearch = v.InferOutput<typeof authorizeSearchSchema>;

/** The hop's three values, or null when the address lacks one. */
export function hopOf({ random_key, client_id, state }: AuthorizeSearch): OAuthHop | null {
  return random_key && client_id && state ? { random_key, client_id, state } : null;
}

/**
 * After signing in, the member comes back to this very `/authorize?...`, for as long as any screen is
 * come back to after a sign-in. Registering or recovering a password on the way can take longer than
 * the hop's own 10 minutes: the member is then told here that it expired, and can start again at the
 * partner, instead of landing in the member area with no word of the partner's sign-in.
 */
export function returnHereAfterSignIn(href: string, now: Date = new Date()): void {
  keepReturnPath(href, new Date(now.getTime() + Math.max(SIGN_IN_RETURN_MS, OAUTH_REQUEST_MINUTES * 60_000)));
}

/** Before /authorize shows: a visitor without a session signs in first and is then brought back. */
export function arriveAtAuthorize(href: string): void {
  if (readSession()) return;
  returnHereAfterSignIn(href);
  throw redirect({ to: '/login', replace: true });
}
