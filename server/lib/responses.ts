import type { FastifyReply } from 'fastify';
import { type ApiResponse, type RC, RC_HTTP_STATUS, rcrm } from '#protocol';

/** A business outcome: always HTTP 200. */
export function answer<R extends Record<string, unknown>>(rc: RC, results?: R): ApiResponse<R | Record<string, never>> {
  return { rcrm: rcrm(rc), results: results ?? {} };
}

/** A protocol rejection with its HTTP status and the same body shape. */
export function reject(reply: FastifyReply, rc: RC, message?: string): FastifyReply {
  return reply.code(RC_HTTP_STATUS[rc] ?? 200).send({ rcrm: rcrm(rc, message), results: {} });
}
