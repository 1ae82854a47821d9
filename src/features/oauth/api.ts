import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Params, Results } from '#protocol/endpoints';
import { RC_MESSAGES } from '#protocol/rc';
import { callApi, failureMessage, hasRc, mayTryAgain } from '../../api/client';
import { loaded, loadedStaleTime, resultsOf } from '../../api/loaded';
import { leaveForOAuthClient } from '../../lib/redirect';
import { readSession } from '../../lib/session';

export type OAuthHop = Params<'oauthAuthorize'>;
export type OAuthClient = Results<'oauthInfo'>['client'];

/** Why the hop stops here: the notice's text, and whether closing it signs the member in again. */
export interface HopFailure {
  message: string;
  /** The member token is no longer good: closing the notice goes to sign in, then back here. */
  signInAgain?: boolean;
  /** No answer came (a weak signal) or the server failed: the same call may well answer if tried again. */
  tryAgain?: boolean;
}

/** Why the hop stopped when a call got no RC of its own: its message, and whether trying again may help. */
export const hopFailureOf = (error: unknown): HopFailure => ({
  message: failureMessage(error),
  tryAgain: mayTryAgain(error),
});

/** The client behind a random_key, or why the hop cannot go on. */
type ClientLookup = { client: OAuthClient } | { failure: HopFailure };

/** Spec section 8: whatever stops the info call (its RM, or no answer at all) is a notice on this screen. */
async function lookUpClient(randomKey: string): Promise<ClientLookup> {
  try {
    const answer = await callApi('oauthInfo', { params: { random_key: randomKey } });
    if (!hasRc(answer, 'C01')) return { failure: { message: answer.rcrm.RM } };
    return answer.results ? { client: answer.results.client } : { failure: { message: RC_MESSAGES.SYSTEM_ERROR } };
  } catch (error) {
    return { failure: hopFailureOf(error) };
  }
}

/**
 * The client behind a random_key; asked once per key. Only the operator revoking the client changes
 * the answer while the hop is open, and then the consent itself is refused (OAUTH_CLIENT_INVALID).
 */
export const oauthInfoQueryOptions = (randomKey: string) =>
  queryOptions({
    queryKey: ['oauth-info', randomKey],
    queryFn: () => lookUpClient(randomKey),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The member's consent: the member token as the auth token, and the hop's key, client and state.
 * Answers null when the browser is leaving for the client, else why it is not.
 */
async function authorizeAndLeave(hop: OAuthHop): Promise<HopFailure | null> {
  const session = readSession();
  if (!session) return { message: RC_MESSAGES.TOKEN_INVALID, signInAgain: true };
  const answer = await callApi('oauthAuthorize', { token: session.token, params: hop });
  if (!hasRc(answer, 'C01')) return { message: answer.rcrm.RM, signInAgain: hasRc(answer, 'TOKEN_INVALID') };
  return leaveForOAuthClient(answer.results?.location) ? null : { message: RC_MESSAGES.SYSTEM_ERROR };
}

export const useAuthorizeMutation = () => useMutation({ mutationFn: authorizeAndLeave });

async function fetchAccount(token: string): Promise<string> {
  return resultsOf(await callApi('getMemberProfile', { token })).member_profile.mobile;
}

/**
 * The account (the mobile) of the member whose `token` it is, or why it could not be had: shown
 * before a hop goes on under another session than it started under. Under the profile's key, so it
 * goes with the session as every answer about the member does; keyed by the token.
 */
export const signedInAccountQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['member_profile', 'oauth_account', token],
    queryFn: () => loaded(() => fetchAccount(token)),
    staleTime: loadedStaleTime,
  });
