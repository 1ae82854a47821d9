import type { FastifyBaseLogger } from 'fastify';
import { jsonDataScript, REGISTER_TERM_TYPE, REGISTER_TERMS_ELEMENT_ID, type Results } from '#protocol';
import type { Db } from '../../db/client';
import { briefTerms } from '../catalog/service';

// Data a screen shows on arrival, put in its page so the first screen needs no call for it. A
// member who opens a shared registration link on a weak signal would otherwise wait one more
// round trip for the terms (the page's largest paint), or lose that call and be unable to go on.
// The app still asks brief_term itself when a page carries nothing (another CRM's server, or a
// read that failed here).

type Read = (db: Db) => Promise<string>;

const READS: Partial<Record<string, Read>> = {
  '/registerFirst': async (db) => {
    const results: Results<'briefTerm'> = { terms: await briefTerms(db, [REGISTER_TERM_TYPE]) };
    return jsonDataScript(REGISTER_TERMS_ELEMENT_ID, results);
  },
};

/**
 * How long one read serves every page that asks: pages are not rate limited as calls are, so a
 * flood of page requests costs the database one read a second per process, and every request in
 * that second (a link shared in a busy group chat) shares it. A term changed in the database
 * shows within this.
 */
export const PAGE_DATA_READ_MS = 1000;

/** The data blocks a page carries (markup for the end of its body); empty when none or unreadable. */
export type PageData = (path: string | null, log: FastifyBaseLogger) => Promise<string>;

export function pageData(db: Db, now: () => Date): PageData {
  const latest = new Map<string, { at: number; markup: Promise<string> }>();
  return (path, log) => {
    const read = path === null ? undefined : READS[path];
    if (path === null || !read) return Promise.resolve('');
    const at = now().getTime();
    const kept = latest.get(path);
    if (kept && at - kept.at < PAGE_DATA_READ_MS && at >= kept.at) return kept.markup;
    // A failed read is kept too, for as long: a database in trouble is not asked on every page.
    const markup = read(db).catch((error: unknown) => {
      log.warn({ err: error }, 'page data not read; the page goes without it and the app asks for it');
      return '';
    });
    latest.set(path, { at, markup });
    return markup;
  };
}
