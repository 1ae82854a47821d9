import { createFileRoute } from '@tanstack/react-router';
import { changePasswordSearchSchema } from '../features/password/arrival';
import { ChangePasswordScreen } from '../features/password/change-password-screen';
import { keepRurl } from '../lib/rurl';
import { requireSession } from '../lib/session';

export const Route = createFileRoute('/change_pwd')({
  validateSearch: changePasswordSearchSchema,
  beforeLoad: ({ search }) => {
    keepRurl(search.rurl);
    requireSession();
  },
  component: ChangePasswordPage,
});

function ChangePasswordPage() {
  const { reason } = Route.useSearch();
  return <ChangePasswordScreen reason={reason} />;
}
