import { createFileRoute } from '@tanstack/react-router';
import { ChangeMobileScreen } from '../features/profile/change-mobile-screen';
import { requireSession } from '../lib/session';

export const Route = createFileRoute('/change_member_mobile')({
  beforeLoad: requireSession,
  component: ChangeMobileScreen,
});
