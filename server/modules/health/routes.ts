import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { LIMITS } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';

/** How long a database that answered stands as answering for the checks after it. */
const ANSWERED_STANDS_MS = 1_000;

/**
 * The database's `select 1` within its bound, asked once for every check that comes while it runs,
 * and not again for a second after it answered: /healthz answers anyone, unlimited (a load
 * balancer must always get through), so a flood of checks must not take the connections the
 * members' calls need. A failure stands for nothing: the next check asks again, to see it mended.
 */
function sharedDatabaseCheck(db: Db): () => Promise<void> {
  let running: Promise<void> | null = null;
  let answeredUntil = 0;
  const check = async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error('database health check timed out')), LIMITS.healthCheckTimeoutMs);
    });
    try {
      await Promise.race([db.execute(sql`select 1`), timeout]);
      answeredUntil = Date.now() + ANSWERED_STANDS_MS;
    } finally {
      clearTimeout(timer);
      running = null;
    }
  };
  return () => {
    if (Date.now() < answeredUntil) return Promise.resolve();
    running ??= check();
    return running;
  };
}

/** For load balancers: 200 while the database answers `select 1` in time, else 503. */
export const healthRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const databaseAnswers = sharedDatabaseCheck(db);
  app.get('/healthz', async (request, reply) => {
    try {
      await databaseAnswers();
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    } catch (error) {
      request.log.warn({ err: error }, 'health check failed');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable' });
    }
  });
};
