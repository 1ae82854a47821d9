// The member card's service worker (decision 0017): a member who opened the card once with a
// signal can open it again with none, at the till. Its scope is the card's page alone, so no
// other page waits for it to start.
//
// - The card's page comes from the network when the network answers within PAGE_WAIT_SECONDS,
//   and is kept; otherwise the kept one is shown. A member online always runs the newest app.
// - The app's files (hashed, never changed under one name) come from the kept copy first.
// - The card screen tells the worker when a card has come online (KeepCardPage): the worker then
//   keeps the page and every file it runs on, so a card first reached from another page (signing
//   in, registering) opens without a network next time too.
//
// The kept page is the same for every visitor (no member data: the card itself is in the app's
// own storage, src/lib/storage.ts), so it can outlive a sign-out.

import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CARD_PAGE } from '#protocol/card-app';
import { filesNamedBy, isAppFile, isKeepCardPage, type KeepCardPage } from './card-page';

declare const self: ServiceWorkerGlobalScope;

/**
 * How long the card's page waits for the network before the kept one shows: long enough for a
 * slow answer, short enough at a till. A network that answers later still refreshes the kept page.
 */
const PAGE_WAIT_SECONDS = 3;

// Enough for several releases of the card's files (22 each); the least recently used go first.
const MOST_FILES_KEPT = 80;

const PAGE_CACHE = 'member-card-page';
const FILE_CACHE = 'member-card-files';

const onlyWhole = new CacheableResponsePlugin({ statuses: [200] });

const cardPage = new NetworkFirst({
  cacheName: PAGE_CACHE,
  networkTimeoutSeconds: PAGE_WAIT_SECONDS,
  plugins: [
    onlyWhole,
    // One page kept, whatever query the member's link carried.
    { cacheKeyWillBeUsed: async () => CARD_PAGE },
  ],
});

const appFiles = new CacheFirst({
  cacheName: FILE_CACHE,
  // The server names the encoding it chose in Vary; any encoding of a file is the same file.
  matchOptions: { ignoreVary: true },
  plugins: [onlyWhole, new ExpirationPlugin({ maxEntries: MOST_FILES_KEPT, purgeOnQuotaError: true })],
});

self.addEventListener('install', () => {
  // Nothing is kept per version of the worker, so a new one can take over at once.
  void self.skipWaiting();
});
clientsClaim();
// The page's request starts while the worker wakes up, instead of after.
navigationPreload.enable();

registerRoute(({ request, url }) => request.mode === 'navigate' && url.pathname === CARD_PAGE, cardPage);
registerRoute(({ url, sameOrigin }) => sameOrigin && isAppFile(url.pathname), appFiles);

/** The card's page and the files it runs on, kept; the page fetched afresh when the app has moved on. */
async function keepCardPage(message: KeepCardPage, event: ExtendableMessageEvent): Promise<void> {
  const pages = await caches.open(PAGE_CACHE);
  const kept = await pages.match(CARD_PAGE);
  let page = kept ? await kept.text() : '';
  if (!page.includes(`"${message.entry}"`)) {
    const fresh = await fetch(CARD_PAGE, { credentials: 'same-origin' });
    if (fresh.status !== 200) return;
    page = await fresh.clone().text();
    await pages.put(CARD_PAGE, fresh);
  }
  const files = new Set([...filesNamedBy(page), ...message.files.filter(isAppFile)]);
  // A file the network does not give now is kept the next time the page loads it.
  await Promise.allSettled([...files].map((file) => appFiles.handle({ event, request: file })));
}

self.addEventListener('message', (event) => {
  if (event.origin !== self.location.origin || !isKeepCardPage(event.data)) return;
  event.waitUntil(keepCardPage(event.data, event).catch(() => undefined));
});
