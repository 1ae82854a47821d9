import { createFileRoute } from '@tanstack/react-router';
import { arriveAtLogin, loginSearchSchema } from '../../features/login/arrival';
import { LoginScreen } from '../../features/login/login-screen';

export const Route = createFileRoute('/login/')({
  validateSearch: loginSearchSchema,
  beforeLoad: ({ search }) => arriveAtLogin(search),
  component: LoginPage,
});

function LoginPage() {
  const { code } = Route.useSearch();
  return <LoginScreen lineCode={code} />;
}
