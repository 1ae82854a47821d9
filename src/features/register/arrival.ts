import { redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { inviteCodeSchema } from '#protocol/schemas';
import { TEMP_TOKEN_MINUTES } from '#protocol/values';
import { lineBindData, lineBindMobile } from '../../lib/line-bind';
import { searchText } from '../../lib/search';
import { requireSignedOut } from '../../lib/session';
import { storage } from '../../lib/storage';
import { saveStepOne, saveStepTwo, stepOneDraft, stepTwoDraft } from './drafts';
import { stepOneSchema } from './form-schemas';

export const registerSearchSchema = v.object({ referrer_code: searchText });
type RegisterSearch = v.InferOutput<typeof registerSearchSchema>;

/**
 * Before a registration step shows: a share link's `referrer_code` becomes the invite code of
 * step 2 when it has none, a hash (third-party CRM data) is kept for registering, and a LINE user
 * sent here by the bind screen finds the mobile entered there in step 1.
 */
export async function arriveAtRegistration(
  step: '/registerFirst' | '/registerSecond',
  search: RegisterSearch,
  hash: string,
): Promise<void> {
  const code = v.safeParse(inviteCodeSchema, search.referrer_code ?? '');
  // Back to step 1 or a reload arrives with the link's query again: a code the member put in
  // step 2 stays. The draft keeps no difference between a box never filled and one cleared, so a
  // cleared box is filled again by the same link.
  if (code.success && code.output && !stepTwoDraft().referrer_code) saveStepTwo({ referrer_code: code.output });
  if (hash) {
    // Reading the CRM data takes the AES code, loaded only when a link brings some.
    (await import('./third-party-crm')).keepThirdPartyCrmData(hash);
    // Kept, it leaves the address: a member's details stay out of the history and of a copied link.
    throw redirect({ to: step, search, replace: true });
  }
  const bindMobile = lineBindData() ? lineBindMobile.get() : null;
  if (bindMobile && !stepOneDraft().mobile) saveStepOne({ mobile: bindMobile });
}

/** Step 2 needs a complete step 1; without one the member starts there. */
export function requireStepOne(): void {
  if (!v.is(stepOneSchema, stepOneDraft())) throw redirect({ to: '/registerFirst', replace: true });
}

/**
 * Once register has answered, this tab holds the registration's temp token: the registration
 * exists, and steps 1 and 2 could only send it again, to be told the mobile is taken. Back from
 * step 3 (or a link to registration) goes on to step 3 in place instead, where the member
 * verifies, resends or changes the mobile; step 3 forgets the token once the server does. A
 * token certainly past its 30 minutes (the registration sent its first code; a resend is later
 * still) is forgotten here instead: the member who comes back to register starts afresh.
 */
export function goOnOnceRegistered(now: number = Date.now()): void {
  if (!storage.tempAccessToken.get()) return;
  const codeSentAt = storage.codeSentAt('register').get();
  if (codeSentAt !== null && now - codeSentAt > TEMP_TOKEN_MINUTES * 60_000) {
    storage.tempAccessToken.remove();
    return;
  }
  throw redirect({ to: '/registerFinal', replace: true });
}

/**
 * Step 3 and its change of mobile work on the registration's temp token, which signing in forgets.
 * Back from where the registration took the member lands here signed in and without it: they go to
 * the profile, as from the other steps (`requireSignedOut`), instead of being told the registration
 * is gone. A registration begun before another tab signed someone in keeps its token, and goes on.
 */
export function toProfileOnceSignedIn(): void {
  if (!storage.tempAccessToken.get()) requireSignedOut();
}
