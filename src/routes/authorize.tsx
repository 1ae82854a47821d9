import { createFileRoute } from '@tanstack/react-router';
import { oauthInfoQueryOptions } from '../features/oauth/api';
import { arriveAtAuthorize, authorizeSearchSchema, hopOf } from '../features/oauth/arrival';
import { AuthorizeChecking } from '../features/oauth/authorize-frame';
import { AuthorizeScreen } from '../features/oauth/authorize-screen';

export const Route = createFileRoute('/authorize')({
  validateSearch: authorizeSearchSchema,
  beforeLoad: ({ location }) => arriveAtAuthorize(location.href),
  // An address without the whole hop asks nothing: the screen explains it.
  loaderDeps: ({ search }) => ({ randomKey: hopOf(search)?.random_key }),
  loader: async ({ context, deps }) => {
    if (deps.randomKey) await context.queryClient.ensureQueryData(oauthInfoQueryOptions(deps.randomKey));
  },
  pendingComponent: AuthorizeChecking,
  component: AuthorizePage,
});

function AuthorizePage() {
  return <AuthorizeScreen search={Route.useSearch()} />;
}
