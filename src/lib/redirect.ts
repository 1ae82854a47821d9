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
  const url = plainHttpUrl(target);
  if (!url) return false;
  if (url.origin === pageOrigin) return true;
  return allowedOrigins.some((allowed) => originOf(allowed) === url.origin);
}

// An absolute http(s) URL without credentials, or null.
function plainHttpUrl(target: string): URL | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.username || url.password ? null : url;
}

// A registered redirect URI (up to 1024) plus the code and an encoded state (up to 512, tripled).
const MAX_CLIENT_LOCATION_LENGTH = 4096;

/**
 * The one exception to the origin allow list: the location `/oauth/authorize` answers, on the
 * third-party client's redirect URI. The app cannot list every client's origin, and need not:
 * the server answers only a URI the operator registered for that very client (exact match,
 * `npm run oauth:add-client`). The app still accepts nothing but an absolute http(s) URL
 * without credentials or characters browsers reinterpret, so no answer can run script here.
 */
export function isOAuthClientLocation(target: unknown): target is string {
  if (typeof target !== 'string' || target.length > MAX_CLIENT_LOCATION_LENGTH) return false;
  return !UNSAFE_CHARACTERS.test(target) && plainHttpUrl(target) !== null;
}

/** Leaves the app for an OAuth client's location from `/oauth/authorize`. False when unsafe. */
export function leaveForOAuthClient(target: unknown): boolean {
  if (!isOAuthClientLocation(target)) return false;
  window.location.replace(target);
  return true;
}

/** Leaves the app for a checked address, replacing this page in history. False when unsafe. */
export function leaveFor(target: unknown): boolean {
  if (!isSafeRedirect(target)) return false;
  window.location.replace(target);
  return true;
}
