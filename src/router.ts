import type { QueryClient } from '@tanstack/react-query';
import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

// Query values stay text: a mobile such as 0912345678 must not turn into a number.
const asText = (value: string) => value;
const toText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // The spec lists /Change_member_mobile and /change_member_mobile as different addresses.
    caseSensitive: true,
    parseSearch: parseSearchWith(asText),
    stringifySearch: stringifySearchWith(toText, asText),
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
