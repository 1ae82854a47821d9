import { LoadingModal } from './loading-modal';

/** What a route shows while its loader waits: the loading modal every screen uses for a call. */
export function RoutePending() {
  return <LoadingModal open />;
}
