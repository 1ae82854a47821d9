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
  if (search.rurl && isSafeRedirect(search.rurl)) storage.rurl.set(search.rurl);
  if (search.method === 'register') throw redirect({ to: '/registerFirst', replace: true });
}
