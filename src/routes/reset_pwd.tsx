import { createFileRoute } from '@tanstack/react-router';
import { passwordSearchSchema } from '../features/password/arrival';
import { ResetPasswordScreen } from '../features/password/reset-password-screen';
import { keepRurl } from '../lib/rurl';

export const Route = createFileRoute('/reset_pwd')({
  validateSearch: passwordSearchSchema,
  beforeLoad: ({ search }) => keepRurl(search.rurl),
  component: ResetPasswordScreen,
});
