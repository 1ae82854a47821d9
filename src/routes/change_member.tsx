import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';
import { requireSession } from '../lib/session';

export const Route = createFileRoute('/change_member')({
  beforeLoad: requireSession,
  component: ComingSoon,
});
