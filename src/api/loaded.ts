import { type ApiResponse, RC_MESSAGES } from '#protocol/rc';
import { ApiError, hasRc } from './client';

/** The results of a C01 answer; any other answer becomes an ApiError carrying its RC and RM. */
export function resultsOf<R>(answer: ApiResponse<R>): R {
  if (!hasRc(answer, 'C01') || !answer.results) throw new ApiError(answer.rcrm.RC, answer.rcrm.RM);
  return answer.results;
}

/**
 * What a route loads for its screen: the data, or the message of why it could not be loaded.
 * A failed load is data, not an error, because the screen still shows around it (the message
 * and a way to try again) where an error would give the whole screen up to an error boundary.
 */
type Loaded<T> = { ok: true; value: T } | { ok: false; message: string };

/** Runs a load; a call that got no C01 (or no answer at all) becomes the message the member sees. */
export async function loaded<T>(load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    // Anything else is a bug (such as an answer that breaks the contract): left to fail loudly.
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, message: error.message || RC_MESSAGES.SYSTEM_ERROR };
  }
}

/** Loaded data stays fresh for five minutes; a failure is stale at once, so the next look asks again. */
export const loadedStaleTime = (query: { state: { data?: Loaded<unknown> } }) => (query.state.data?.ok ? 300_000 : 0);
