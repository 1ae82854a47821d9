import { createFileRoute } from '@tanstack/react-router';
import { VerifyMobileScreen } from '../features/profile/verify-mobile-screen';
import { requireSession } from '../lib/session';

export const Route = createFileRoute('/verify_mobile')({
  beforeLoad: requireSession,
  component: VerifyMobileScreen,
});
