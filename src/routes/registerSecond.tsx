import { createFileRoute } from '@tanstack/react-router';
import {
  arriveAtRegistration,
  goOnOnceRegistered,
  registerSearchSchema,
  requireStepOne,
} from '../features/register/arrival';
import { StepTwoScreen } from '../features/register/step-two-screen';

export const Route = createFileRoute('/registerSecond')({
  validateSearch: registerSearchSchema,
  beforeLoad: async ({ search, location }) => {
    goOnOnceRegistered();
    await arriveAtRegistration('/registerSecond', search, location.hash);
    requireStepOne();
  },
  component: StepTwoScreen,
});
