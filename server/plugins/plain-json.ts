import type { FastifyReply, FastifyRequest, RouteShorthandOptionsWithHandler } from 'fastify';
import * as v from 'valibot';
import { type ApiResponse, RC_MESSAGES } from '#protocol';
import { reject } from '../lib/responses';
import { describeIssue, describeUnstorableText } from './envelope';

type BodySchema = v.GenericSchema<unknown, unknown>;

/**
 * Route options of a server-to-server call: a plain JSON body (no signed envelope), checked
 * with `schema` before the handler; a body that fails it is PARAMETER_INVALID naming the field.
 * Its answers carry secrets or personal data, so no cache may keep them.
 */
export function plainJson<S extends BodySchema>(
  schema: S,
  handler: (
    body: v.InferOutput<S>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<ApiResponse | FastifyReply>,
): RouteShorthandOptionsWithHandler {
  return {
    config: { envelope: false },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const nonPlain = describeUnstorableText(request.body, 'body');
      if (nonPlain) return reject(reply, 'PARAMETER_INVALID', nonPlain);
      const parsed = v.safeParse(schema, request.body, { abortEarly: true, message: RC_MESSAGES.PARAMETER_INVALID });
      if (!parsed.success) return reject(reply, 'PARAMETER_INVALID', describeIssue(parsed.issues[0]));
      return handler(parsed.output, request, reply);
    },
  };
}
