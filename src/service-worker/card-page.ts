import * as v from 'valibot';

// What the web app and the card's service worker (card-worker.ts) agree on: where the worker is,
// and the one message the card screen sends it (decision 0017). The page it keeps is
// `CARD_PAGE` (protocol/card-app.ts), which the server knows too.

/** The worker's script, served from the site's root by the member server (not hashed: browsers check it for updates). */
export const CARD_WORKER_URL = '/card-worker.js';

/** Sent by the card screen once a card has come online: keep the page and the files it runs on. */
const keepCardPageSchema = v.object({
  type: v.literal('keep-card-page'),
  /** The entry script of the app now running; a kept page that loads another is fetched afresh. */
  entry: v.string(),
  /** The app's own files this page has loaded (the screen's chunks, the barcode libraries, the logo). */
  files: v.array(v.string()),
});

export type KeepCardPage = v.InferOutput<typeof keepCardPageSchema>;

export const isKeepCardPage = (data: unknown): data is KeepCardPage => v.is(keepCardPageSchema, data);

/** The app's hashed files (`/assets/…`), which never change under one name. */
export const isAppFile = (path: string): boolean => path.startsWith('/assets/');

/**
 * The app's files a page names (its entry, the chunks it preloads, the logo), as paths on the
 * site. A kept page is only worth keeping with them: offline, it runs on nothing else.
 */
export function filesNamedBy(page: string): string[] {
  const files = new Set<string>();
  for (const match of page.matchAll(/\s(?:src|href)="(\/[^"/][^"]*)"/g)) {
    const path = match[1];
    if (path && isAppFile(path)) files.add(path);
  }
  return [...files];
}
