import { useEffect, useState } from 'react';
import { CALL_DEADLINE_MS } from '../api/client';
import { appTexts } from '../i18n/zh-TW/app';
import { commonTexts } from '../i18n/zh-TW/common';
import { FailedPage } from './failed-page';
import { LoadingModal } from './loading-modal';

/**
 * Past its calls' deadlines, a loader has failed and said why (`RouteError`). What still waits then
 * is the screen's code, which has no deadline of its own: a download stalled on a weak signal that
 * the browser neither delivers nor gives up on.
 */
const SCREEN_CODE_GRACE_MS = 5_000;

/**
 * What a route shows while it loads: the loading modal every screen uses for a call, and, once the
 * wait is past its loader's calls', the network's failure with the way to load the page again. The
 * router keeps waiting on the download it started, so only a new page load asks for the code
 * afresh. `callsInARow`: how many calls the loader makes one after another (each has a deadline).
 */
export function RoutePending({ callsInARow = 1 }: { callsInARow?: number }) {
  const [stalled, setStalled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStalled(true), callsInARow * CALL_DEADLINE_MS + SCREEN_CODE_GRACE_MS);
    return () => clearTimeout(timer);
  }, [callsInARow]);
  if (!stalled) return <LoadingModal open />;
  return (
    <FailedPage
      title={appTexts.routeErrorTitle}
      message={commonTexts.networkFailure}
      onTryAgain={() => window.location.reload()}
    />
  );
}
