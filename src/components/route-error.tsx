import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { asCallFailure, failureMessage, mayTryAgain } from '../api/client';
import { appTexts } from '../i18n/zh-TW/app';
import { FailedPage } from './failed-page';

/**
 * A route whose loader or screen failed: the call's RM (or the spec's system-busy text) in the
 * notice modal, and behind it the same words with the way back to the start; when no answer
 * came (a weak signal), trying the page again comes first, so a member in the middle of a flow
 * keeps their place. A screen whose code did not come is told the same way.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const failure = asCallFailure(error);
  // Loading the route again asks for its code afresh too (the router's preload of it).
  const tryAgain = () => {
    reset();
    void router.invalidate();
  };
  return (
    <FailedPage
      title={appTexts.routeErrorTitle}
      message={failureMessage(failure)}
      onTryAgain={mayTryAgain(failure) ? tryAgain : null}
    />
  );
}
