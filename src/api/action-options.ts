import type { UseMutationOptions } from '@tanstack/react-query';
import type { EndpointName, Results } from '#protocol/endpoints';
import type { ApiResponse } from '#protocol/rc';

/** A call's answer, whatever its RC, with the C01 results its contract gives. */
export type Answer<N extends EndpointName> = ApiResponse<Results<N>>;

/**
 * What a screen adds to one action (a mutation): what to do with the answer (any RC) and with a
 * call that got none. An `onSuccess` that returns a promise keeps the action pending (and the
 * loading modal up) until it settles, such as a navigation away.
 */
export type ActionOptions<TAnswer, TInput = void> = Omit<UseMutationOptions<TAnswer, Error, TInput>, 'mutationFn'>;

/** The options of an action that runs `TCall`: its answer and its one argument. */
export type CallOptions<TCall extends (variables: never) => Promise<unknown>> = ActionOptions<
  Awaited<ReturnType<TCall>>,
  Parameters<TCall>[0]
>;
