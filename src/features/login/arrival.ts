import { redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { isSafeRedirect } from '../../lib/redirect';
import { searchText } from '../../lib/search';
import { storage } from '../../lib/storage';

export const loginSearchSchema = v.object({
  rurl: searchText,
  method: searchText,
  code: searchText,
  state: searchText,
});
export type LoginSearch = v.InferOutput<typeof loginSearchSchema>;

/** Before /login shows: keep a safe `rurl` for after sign-in, and send `method=register` to registration. */
export function arriveAtLogin(search: LoginSearch): void {
  if (search.rurl && isSafeRedirect(search.rurl)) {
    storage.rurl.set(search.rurl);
    // A page kept to come back to (an OAuth hop the member turned back from with Back) would come
    // before the rurl and send them to the partner instead. The app's own ways to /login that
    // resume a screen carry no rurl, so a /login opened with one is a new destination.
    storage.returnPath.remove();
  }
  if (search.method === 'register') throw redirect({ to: '/registerFirst', replace: true });
}
