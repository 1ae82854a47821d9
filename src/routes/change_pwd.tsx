import { createFileRoute } from '@tanstack/react-router';
import { passwordSearchSchema } from '../features/password/arrival';
import { ChangePasswordScreen } from '../features/password/change-password-screen';
import { keepRurl } from '../lib/rurl';
import { requireSession } from '../lib/session';

export const Route = createFileRoute('/change_pwd')({
  validateSearch: passwordSearchSchema,
  beforeLoad: ({ search }) => {
    keepRurl(search.rurl);
    requireSession();
  },
  component: ChangePasswordScreen,
});
