import { appConfig } from '../config';

const MAX_REDIRECT_LENGTH = 2048;
// Backslashes, whitespace and control characters let browsers reinterpret a URL.
const UNSAFE_CHARACTERS = /[\\\s\p{Cc}]/u;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The one check every `rurl` and server `location` passes before it is stored or followed:
 * a same-origin path starting with a single `/`, or an http(s) URL on this page's origin
 * or on an allowed origin.
 */
export function isSafeRedirect(
  target: unknown,
  allowedOrigins: readonly string[] = appConfig().allowedRedirectOrigins,
  pageOrigin: string = window.location.origin,
): target is string {
  if (typeof target !== 'string' || target === '' || target.length > MAX_REDIRECT_LENGTH) return false;
  if (UNSAFE_CHARACTERS.test(target)) return false;
  if (target.startsWith('/')) return !target.startsWith('//');
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  if (url.origin === pageOrigin) return true;
  return allowedOrigins.some((allowed) => originOf(allowed) === url.origin);
}

/** Leaves the app for a checked address, replacing this page in history. False when unsafe. */
export function leaveFor(target: unknown): boolean {
  if (!isSafeRedirect(target)) return false;
  window.location.replace(target);
  return true;
}
