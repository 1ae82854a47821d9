import { createFileRoute } from '@tanstack/react-router';
import { arriveAtMemberCard } from '../features/member-card/arrival';
import { MemberCardScreen } from '../features/member-card/member-card-screen';

export const Route = createFileRoute('/member_card')({
  beforeLoad: () => arriveAtMemberCard(),
  component: MemberCardScreen,
});
