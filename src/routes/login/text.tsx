import { createFileRoute } from '@tanstack/react-router';
import { FirstLoginScreen } from '../../features/login/first-login-screen';

export const Route = createFileRoute('/login/text')({
  component: FirstLoginScreen,
});
