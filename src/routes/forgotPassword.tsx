import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../features/password/forgot-password-screen';
import { requireSignedOut } from '../lib/session';

export const Route = createFileRoute('/forgotPassword')({
  beforeLoad: requireSignedOut,
  component: ForgotPasswordScreen,
});
