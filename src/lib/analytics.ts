import type { LoginType } from './storage';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** GA4 `login` event through the tag manager's data layer. */
export function trackSignIn(method: LoginType): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ event: 'login', method });
}
