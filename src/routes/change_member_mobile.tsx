import { createFileRoute } from '@tanstack/react-router';
import { loadProfileIfNoneKept } from '../features/profile/api/get-member-profile';
import { ChangeMobileScreen } from '../features/profile/change-mobile-screen';
import { requireSession } from '../lib/session';

export const Route = createFileRoute('/change_member_mobile')({
  beforeLoad: requireSession,
  // The screen shows the current mobile, and refuses it as the new one.
  loader: ({ context }) => loadProfileIfNoneKept(context.queryClient),
  component: ChangeMobileScreen,
});
