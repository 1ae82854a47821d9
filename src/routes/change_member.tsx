import { createFileRoute } from '@tanstack/react-router';
import { profileSearchSchema } from '../features/profile/arrival';
import { loadMemberProfile } from '../features/profile/load-member-profile';
import { ProfileLoadFailure, ProfileLoading } from '../features/profile/profile-load-states';
import { ProfileScreen } from '../features/profile/profile-screen';
import { requireSession } from '../lib/session';

export const Route = createFileRoute('/change_member')({
  validateSearch: profileSearchSchema,
  beforeLoad: requireSession,
  loader: ({ context, cause }) => loadMemberProfile(context.queryClient, cause),
  pendingComponent: ProfileLoading,
  component: ProfilePage,
});

function ProfilePage() {
  const { notice } = Route.useSearch();
  const { failure } = Route.useLoaderData();
  return failure ? <ProfileLoadFailure error={failure} /> : <ProfileScreen notice={notice} />;
}
