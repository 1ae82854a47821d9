import { createFileRoute } from '@tanstack/react-router';
import { VerifyScreen } from '../../features/register/verify-screen';

export const Route = createFileRoute('/registerFinal/')({
  component: VerifyScreen,
});
