import { isSafeRedirect } from './redirect';
import { storage } from './storage';

/** A screen opened with `rurl` keeps it (when safe) for wherever the member goes next. */
export function keepRurl(rurl: string | undefined): void {
  if (rurl && isSafeRedirect(rurl)) storage.rurl.set(rurl);
}
