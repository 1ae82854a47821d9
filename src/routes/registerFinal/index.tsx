import { createFileRoute } from '@tanstack/react-router';
import { toProfileOnceSignedIn } from '../../features/register/arrival';
import { VerifyScreen } from '../../features/register/verify-screen';

export const Route = createFileRoute('/registerFinal/')({
  beforeLoad: toProfileOnceSignedIn,
  component: VerifyScreen,
});
