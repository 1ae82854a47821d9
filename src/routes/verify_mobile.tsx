import { createFileRoute } from '@tanstack/react-router';
import { loadMemberProfile } from '../features/profile/load-member-profile';
import { VerifyMobileScreen } from '../features/profile/verify-mobile-screen';
import { requireSession } from '../lib/session';

export const Route = createFileRoute('/verify_mobile')({
  beforeLoad: requireSession,
  // Whether the mobile is verified decides what the screen offers, so it is asked afresh on arrival.
  loader: ({ context, cause }) => loadMemberProfile(context.queryClient, cause),
  component: VerifyMobilePage,
});

function VerifyMobilePage() {
  const { failure } = Route.useLoaderData();
  return <VerifyMobileScreen loadFailure={failure} />;
}
