import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { LIMITS } from '../../config';
import type { AppContext } from '../../context';

/** For load balancers: 200 while the database answers `select 1` in time, else 503. */
export const healthRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get('/healthz', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error('database health check timed out')), LIMITS.healthCheckTimeoutMs);
    });
    try {
      await Promise.race([db.execute(sql`select 1`), timeout]);
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    } catch (error) {
      request.log.warn({ err: error }, 'health check failed');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
};
