import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Signed calls carry a timestamp and may change state: never retried behind the member's back.
      // 'always': a call is sent even when the phone says it is offline, so it fails at once and the
      // member is told (decision 0013). The library's default held it, with the loading overlay up
      // and no deadline running, and sent it when the network came back, long after the member had
      // given up: a password changed with no one watching.
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
