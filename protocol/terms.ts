import * as v from 'valibot';

// Apart from the call table (calls/catalog.ts) so that the web app can read the terms the
// registration page carries without loading the whole contract, which production builds leave out.

const termSchema = v.object({
  id: v.string(),
  title: v.string(),
  /** HTML; the web app sanitizes it before showing it. */
  content: v.string(),
});
export type Term = v.InferOutput<typeof termSchema>;

/** brief_term's results: the terms of each type asked for. */
export const briefTermResultsSchema = v.object({
  terms: v.array(v.object({ type: v.string(), terms: v.array(termSchema) })),
});
