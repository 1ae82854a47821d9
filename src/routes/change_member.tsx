import { createFileRoute } from '@tanstack/react-router';
import { profileSearchSchema } from '../features/profile/arrival';
import { ProfileScreen } from '../features/profile/profile-screen';
import { requireSession } from '../lib/session';

export const Route = createFileRoute('/change_member')({
  validateSearch: profileSearchSchema,
  beforeLoad: requireSession,
  component: ProfilePage,
});

function ProfilePage() {
  const { notice } = Route.useSearch();
  return <ProfileScreen notice={notice} />;
}
