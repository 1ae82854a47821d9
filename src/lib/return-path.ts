import { isSafeRedirect } from './redirect';
import { storage } from './storage';

/** Long enough to sign in (or register) again, short enough not to surprise a later sign-in. */
export const SIGN_IN_RETURN_MS = 30 * 60_000;

/**
 * Remembers a page of this app (a same-origin path such as `/authorize?...`) for the member
 * to come back to after signing in, while it is still of use (`until`). Anything that is not
 * a safe same-origin path is not remembered.
 */
export function keepReturnPath(path: string, until: Date): void {
  if (isOwnPath(path)) storage.returnPath.set({ path, until: until.getTime() });
}

/** As `keepReturnPath`, unless a page still of use is remembered already: the screen that kept it chose it. */
export function keepReturnPathUnlessKept(path: string, until: Date, now: Date = new Date()): void {
  const kept = storage.returnPath.get();
  if (!kept || now.getTime() >= kept.until) keepReturnPath(path, until);
}

/** The remembered page, once: it is forgotten as it is read, and answered only while still of use. */
export function takeReturnPath(now: Date = new Date()): string | null {
  const kept = storage.returnPath.get();
  storage.returnPath.remove();
  if (!kept || now.getTime() >= kept.until) return null;
  return isOwnPath(kept.path) ? kept.path : null;
}

// A path of this app: the safe-redirect check with no other origin allowed.
const isOwnPath = (path: string) => path.startsWith('/') && isSafeRedirect(path, []);
