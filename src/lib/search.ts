import * as v from 'valibot';

/** A query value as text; anything else (a repeated key) counts as absent rather than an error. */
export const searchText = v.fallback(v.optional(v.string()), undefined);
