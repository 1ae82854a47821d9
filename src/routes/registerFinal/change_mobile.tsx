import { createFileRoute } from '@tanstack/react-router';
import { toProfileOnceSignedIn } from '../../features/register/arrival';
import { ChangeMobileScreen } from '../../features/register/change-mobile-screen';

export const Route = createFileRoute('/registerFinal/change_mobile')({
  beforeLoad: toProfileOnceSignedIn,
  component: ChangeMobileScreen,
});
