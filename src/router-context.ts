import type { QueryClient } from '@tanstack/react-query';

/** What every route's `beforeLoad` and loader receive; its own file so routes need not import the router. */
export interface RouterContext {
  queryClient: QueryClient;
}
