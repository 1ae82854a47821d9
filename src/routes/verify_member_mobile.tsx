import { createFileRoute } from '@tanstack/react-router';
import { VerifyNewMobileScreen } from '../features/profile/verify-new-mobile-screen';
import { requireSession } from '../lib/session';

export const Route = createFileRoute('/verify_member_mobile')({
  beforeLoad: requireSession,
  component: VerifyNewMobileScreen,
});
