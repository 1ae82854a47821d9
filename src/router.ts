import type { QueryClient } from '@tanstack/react-query';
import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { RouteError } from './components/route-error';
import { RoutePending } from './components/route-pending';
import { routeTree } from './routeTree.gen';

// Query values stay text: a mobile such as 0912345678 must not turn into a number.
const asText = (value: string) => value;
const toText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** How every route waits for its loader and shows a failure; tests build routers of their own with these. */
export const routeStates = {
  defaultPendingComponent: RoutePending,
  // The loading modal shows as soon as a loader waits, as the screens showed it while their calls ran.
  defaultPendingMs: 0,
  defaultPendingMinMs: 0,
  defaultErrorComponent: RouteError,
  // What no route catches goes on to the app's error boundary, which speaks zh-TW.
  disableGlobalCatchBoundary: true,
} as const;

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // The spec lists /Change_member_mobile and /change_member_mobile as different addresses.
    caseSensitive: true,
    parseSearch: parseSearchWith(asText),
    stringifySearch: stringifySearchWith(toText, asText),
    scrollRestoration: true,
    ...routeStates,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface HistoryState {
    /** A mobile carried from the screen before, for this one's form (src/lib/mobile-number.ts). */
    mobile?: string;
  }
}
