/**
 * A screen's code that does not come makes the router reload the page once (TanStack Router's
 * `lazyRouteComponent`: meant for a release whose files are gone). On a phone without a network
 * that reload fails too, and the browser's own error page replaces the app, with no way back but
 * the network. So while the phone says it is offline the reload is spared, and the screen's
 * failure is told in the app with its way to try again (`RouteError`, decision 0013): the router skips its
 * reload for a failure it has marked in session storage as reloaded once, and this marks it.
 * Vite announces every failed load of a chunk as `vite:preloadError`, before the router sees it.
 */
export function spareReloadWhileOffline(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const failure: unknown = (event as Event & { payload?: unknown }).payload;
    if (navigator.onLine || !(failure instanceof Error)) return;
    sessionStorage.setItem(`tanstack_router_reload:${failure.message}`, '1');
  });
}
