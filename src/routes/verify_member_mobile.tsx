import { createFileRoute } from '@tanstack/react-router';
import { loadProfileIfNoneKept } from '../features/profile/api/get-member-profile';
import { VerifyNewMobileScreen } from '../features/profile/verify-new-mobile-screen';
import { requireSession } from '../lib/session';

export const Route = createFileRoute('/verify_member_mobile')({
  beforeLoad: requireSession,
  // The new mobile is shown only to the member whose change it is, told by their profile.
  loader: ({ context }) => loadProfileIfNoneKept(context.queryClient),
  component: VerifyNewMobileScreen,
});
