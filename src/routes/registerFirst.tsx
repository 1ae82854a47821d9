import { createFileRoute } from '@tanstack/react-router';
import { registerTermsQueryOptions } from '../features/register/api';
import { arriveAtRegistration, goOnOnceRegistered, registerSearchSchema } from '../features/register/arrival';
import { StepOneScreen } from '../features/register/step-one-screen';
import { requireSignedOut } from '../lib/session';

export const Route = createFileRoute('/registerFirst')({
  validateSearch: registerSearchSchema,
  beforeLoad: ({ search, location }) => {
    requireSignedOut();
    goOnOnceRegistered();
    return arriveAtRegistration('/registerFirst', search, location.hash);
  },
  // The terms are asked for at once but not waited for: the form shows and takes typing while
  // they load, in their own place. A failed load is kept as data but stale at once, so coming
  // back asks again instead of showing the old failure (loaded terms stay five minutes).
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(registerTermsQueryOptions());
  },
  component: StepOneScreen,
});
