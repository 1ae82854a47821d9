import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../features/password/forgot-password-screen';

// Open to signed-in members too: changing the password asks for the current one, which they may not know.
export const Route = createFileRoute('/forgotPassword')({
  component: ForgotPasswordScreen,
});
