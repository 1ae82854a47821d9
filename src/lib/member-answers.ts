import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onSessionChange } from './session';
import { storage } from './storage';

/**
 * The roots of the query keys under which the app caches answers about the signed-in member: the
 * profile and what it answers (the invite code), and the member card. A feature that caches an
 * answer about the member keys it under one of these, so that it goes with the session.
 */
export const MEMBER_ANSWER_ROOTS = ['member_profile', 'member_card'] as const;

/**
 * The answers about the member that no screen shows now. A member signed in after another without
 * the page reloading (a registration, a LINE bind) was shown the other's card, kept in the cache,
 * while their own could not load. The screen showing one keeps it while the member is on it (it
 * tells them the session has ended), and it goes with the next change of the session.
 */
export function forgetMemberAnswers(queryClient: QueryClient): void {
  for (const root of MEMBER_ANSWER_ROOTS) {
    // One being fetched stays: it is a loader's call, which may be the very one that met the end
    // of the session, and removing it would cancel it and lose the answer that says so.
    queryClient.removeQueries({
      queryKey: [root],
      type: 'inactive',
      predicate: (query) => query.state.fetchStatus === 'idle',
    });
  }
}

/** In the root layout: each session this tab starts or ends leaves nothing of the last member in the cache. */
export function useMemberAnswersOfOneSession(): void {
  const queryClient = useQueryClient();
  useEffect(() => onSessionChange(() => forgetMemberAnswers(queryClient)), [queryClient]);
}

/**
 * A new password set on this phone, whose session stays: the server replaced the card's secret
 * with it (decision 0011), so the card kept for offline use would show codes every till refuses,
 * with nothing on the phone to say why. It goes, and is fetched afresh when the card next opens.
 */
export function forgetMemberCard(queryClient: QueryClient): void {
  storage.memberCard.remove();
  queryClient.removeQueries({ queryKey: ['member_card'] });
}
