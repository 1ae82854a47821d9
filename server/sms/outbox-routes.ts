import type { FastifyPluginAsync } from 'fastify';
import { taipeiTimestamp } from '#protocol';
import type { AppContext } from '../context';
import { prefersJson } from '../lib/accept';
import { listOutbox } from './outbox';
import { renderOutboxPage } from './outbox-page';

export const OUTBOX_PATH = '/dev/sms-outbox';
// A page a person scrolls; e2e and tests filter by mobile with `?to=`.
const OUTBOX_LIMIT = 200;

/**
 * `GET /dev/sms-outbox`: the outbox newest first, as a page, or as a JSON array of
 * `{to, text, purpose, sent_at}` when the request prefers JSON. Registered only outside production.
 */
export const smsOutboxRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: { to?: unknown } }>(OUTBOX_PATH, async (request, reply) => {
    const to = typeof request.query.to === 'string' ? request.query.to.trim().slice(0, 20) : '';
    const entries = await listOutbox(db, { to: to || undefined, limit: OUTBOX_LIMIT });
    reply.header('cache-control', 'no-store').header('vary', 'accept');
    if (prefersJson(request.headers.accept)) {
      return entries.map((entry) => ({
        to: entry.to,
        text: entry.text,
        purpose: entry.purpose,
        sent_at: taipeiTimestamp(entry.sentAt),
      }));
    }
    return reply.type('text/html; charset=utf-8').send(renderOutboxPage(entries, to || null));
  });
};
