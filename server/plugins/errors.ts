import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reject } from '../lib/responses';

/**
 * Anything a handler did not answer itself. Body-parser failures (too large, wrong
 * content type, broken JSON) are the client's and get their protocol RC; everything
 * else is logged and answered SYSTEM_ERROR with no internals.
 */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500;
  if (status === 413) return reject(reply, 'REQUEST_TOO_LARGE');
  if (status >= 400 && status < 500) return reject(reply, 'PARAMETER_INVALID');
  request.log.error({ err: error }, 'unexpected error');
  return reject(reply, 'SYSTEM_ERROR');
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any hook runs, a URL whose
 * percent-encoding is broken above all. Fastify's own answer would echo the URL, query and
 * all (x_token is a credential), outside the protocol's shape; this one is the error
 * handler's, with the security headers the skipped onRequest hook would have set.
 */
export const frameworkErrorAnswer =
  (securityHeaders: Record<string, string>) =>
  (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply =>
    answerError(error, request, reply.headers(securityHeaders));
