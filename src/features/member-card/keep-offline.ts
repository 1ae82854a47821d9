import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CARD_PAGE } from '#protocol/card-app';
import { CARD_WORKER_URL, isAppFile, type KeepCardPage } from '../../service-worker/card-page';

/** The worker once it runs: the one running now, or the one being installed once it has taken over. */
function whenActive(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  const running = registration.active;
  if (running) return Promise.resolve(running);
  const coming = registration.installing ?? registration.waiting;
  return new Promise((resolve) => {
    coming?.addEventListener('statechange', () => {
      if (coming.state === 'activated') resolve(coming);
    });
  });
}

/** The app's own files this page has loaded so far, as paths on the site. */
function filesLoaded(): string[] {
  const files = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name, location.href);
    if (url.origin === location.origin && isAppFile(url.pathname)) files.add(url.pathname);
  }
  return [...files];
}

/**
 * Has the card's service worker keep this page's card for a visit with no network (decision 0017),
 * with the code of the screens the card leads to (`loadWaysOut`): offline, a screen whose code
 * cannot come makes the router reload the page, and the browser shows its own error page instead.
 * Where there are no service workers (LINE on iOS, a page not on https) the card still works
 * offline once open, as before; a worker that cannot be registered changes nothing for the member.
 */
export async function keepCardPageOffline(loadWaysOut: () => Promise<unknown>): Promise<void> {
  const workers = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  const entry = document.querySelector('script[type="module"][src]')?.getAttribute('src');
  if (!workers || !entry || !isAppFile(entry)) return;
  try {
    // Their code lost on the way, the card's page is still worth keeping; the next visit tries again.
    await loadWaysOut().catch(() => undefined);
    const registration = await workers.register(CARD_WORKER_URL, { scope: CARD_PAGE });
    const worker = await whenActive(registration);
    const message: KeepCardPage = { type: 'keep-card-page', entry, files: filesLoaded() };
    worker.postMessage(message);
  } catch {
    // Refused (a private window, storage turned off): the card goes on working while the page is open.
  }
}

/**
 * The screens (route ids) the card's page leads to: the profile (its link back), and /login, where it sends a
 * visitor whose session has ended. Members who signed in here have their code already (the
 * browser's cache), so keeping it costs them nothing over the network.
 */
const WAYS_OUT = ['/change_member', '/login/'] as const;

/** Keeps the card's page for offline visits each time a card has come from the server. */
export function useCardPageKeptOffline(cardOnline: boolean): void {
  const router = useRouter();
  useEffect(() => {
    if (!cardOnline) return;
    void keepCardPageOffline(() => Promise.all(WAYS_OUT.map((id) => router.loadRouteChunk(router.routesById[id]))));
  }, [cardOnline, router]);
}
