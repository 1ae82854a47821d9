import { createFileRoute } from '@tanstack/react-router';
import { ChangeMobileScreen } from '../../features/register/change-mobile-screen';

export const Route = createFileRoute('/registerFinal/change_mobile')({
  component: ChangeMobileScreen,
});
