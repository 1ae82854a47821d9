import { redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { inviteCodeSchema } from '../../../protocol/schemas';
import { searchText } from '../../lib/search';
import { saveStepTwo, stepOneDraft } from './drafts';
import { stepOneSchema } from './form-schemas';
import { keepThirdPartyCrmData } from './third-party-crm';

export const registerSearchSchema = v.object({ referrer_code: searchText });
export type RegisterSearch = v.InferOutput<typeof registerSearchSchema>;

/**
 * Before a registration step shows: a staff share link's `referrer_code` becomes the invite code of
 * step 2, and a hash (third-party CRM data) is kept for registering.
 */
export function arriveAtRegistration(search: RegisterSearch, hash: string): void {
  const code = v.safeParse(inviteCodeSchema, search.referrer_code ?? '');
  if (code.success && code.output) saveStepTwo({ referrer_code: code.output });
  if (hash) keepThirdPartyCrmData(hash);
}

/** Step 2 needs a complete step 1; without one the member starts there. */
export function requireStepOne(): void {
  if (!v.is(stepOneSchema, stepOneDraft())) throw redirect({ to: '/registerFirst', replace: true });
}
