import * as v from 'valibot';
import type { Results } from '#protocol/endpoints';
import { REGISTER_TERMS_ELEMENT_ID } from '#protocol/page-data';
import { briefTermResultsSchema } from '#protocol/terms';

/**
 * What brief_term would answer for the register terms, as the member server put it in the
 * registration page (server/modules/web/page-data.ts), taken out of the page so that it is used
 * once: a later look at step 1 asks the server as usual. Null when the page carries none (the
 * app served by another CRM, or a read that failed on the server) or something else.
 */
export function takeTermsFromPage(doc: Document = document): Results<'briefTerm'> | null {
  const block = doc.getElementById(REGISTER_TERMS_ELEMENT_ID);
  if (!block) return null;
  block.remove();
  try {
    const parsed = v.safeParse(briefTermResultsSchema, JSON.parse(block.textContent ?? ''));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
