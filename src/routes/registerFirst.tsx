import { createFileRoute } from '@tanstack/react-router';
import { arriveAtRegistration, registerSearchSchema } from '../features/register/arrival';
import { StepOneScreen } from '../features/register/step-one-screen';

export const Route = createFileRoute('/registerFirst')({
  validateSearch: registerSearchSchema,
  beforeLoad: ({ search, location }) => arriveAtRegistration(search, location.hash),
  component: StepOneScreen,
});
