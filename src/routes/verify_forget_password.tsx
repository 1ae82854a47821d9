import { createFileRoute } from '@tanstack/react-router';
import { VerifyForgotPasswordScreen } from '../features/password/verify-forgot-password-screen';

export const Route = createFileRoute('/verify_forget_password')({
  component: VerifyForgotPasswordScreen,
});
