import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RuntimeConfig } from '#protocol/runtime-config';
import { App } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { createQueryClient } from '../../../src/lib/query-client';
import { createAppRouter } from '../../../src/router';
import { installRuntimeConfig, TEST_CONFIG } from './config';

/** The real app, its real router, at `url`, with the runtime config the server would inject. */
export function renderApp(url: string, config: RuntimeConfig = TEST_CONFIG) {
  installRuntimeConfig(config);
  const loaded = loadConfig();
  if (!loaded.ok) throw new Error(`test config rejected: ${loaded.problems.join(', ')}`);
  window.history.replaceState(null, '', url);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  const user = userEvent.setup();
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, user };
}
