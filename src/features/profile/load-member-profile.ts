import type { QueryClient } from '@tanstack/react-query';
import { memberProfileQueryOptions } from './api/get-member-profile';

/**
 * The profile screen's loader: the profile is in the cache before the screen shows, or the answer
 * says why it could not be had. Telling that is the screen's (a notice, then /login), not an error
 * page's, so a failure is answered rather than thrown.
 */
export async function loadMemberProfile(
  queryClient: QueryClient,
  cause: 'enter' | 'stay' | 'preload',
): Promise<{ failure: unknown }> {
  const options = memberProfileQueryOptions();
  // Asked afresh on each arrival: another screen or device may have changed the mobile or verified it.
  if (cause === 'enter') queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  try {
    await queryClient.ensureQueryData(options);
    return { failure: null };
  } catch (failure) {
    return { failure };
  }
}
