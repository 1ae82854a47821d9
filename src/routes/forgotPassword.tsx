import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../features/password/forgot-password-screen';

export const Route = createFileRoute('/forgotPassword')({
  component: ForgotPasswordScreen,
});
