import type { FastifyError, FastifyInstance } from 'fastify';
import { reject } from '../lib/responses';

/**
 * Anything a handler did not answer itself. Body-parser failures (too large, wrong
 * content type, broken JSON) are the client's and get their protocol RC; everything
 * else is logged and answered SYSTEM_ERROR with no internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) return reject(reply, 'REQUEST_TOO_LARGE');
    if (status >= 400 && status < 500) return reject(reply, 'PARAMETER_INVALID');
    request.log.error({ err: error }, 'unexpected error');
    return reject(reply, 'SYSTEM_ERROR');
  });
}
