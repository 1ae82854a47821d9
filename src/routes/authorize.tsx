import { createFileRoute } from '@tanstack/react-router';
import { arriveAtAuthorize, authorizeSearchSchema } from '../features/oauth/arrival';
import { AuthorizeScreen } from '../features/oauth/authorize-screen';

export const Route = createFileRoute('/authorize')({
  validateSearch: authorizeSearchSchema,
  beforeLoad: ({ location }) => arriveAtAuthorize(location.href),
  component: AuthorizePage,
});

function AuthorizePage() {
  return <AuthorizeScreen search={Route.useSearch()} />;
}
