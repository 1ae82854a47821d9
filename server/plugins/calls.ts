import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  type ApiResponse,
  type CheckedParams,
  ENDPOINTS,
  type EndpointName,
  RC_MESSAGES,
  type Results,
  sealWith,
} from '#protocol';
import { pathOf } from '../lib/paths';
import { reject } from '../lib/responses';
import { describeIssue, describeUnstorableText, type SignedInput } from './envelope';

/** What a call's handler gets: the token (signed calls), the checked parameters, and the request. */
export interface CallInput<N extends EndpointName> {
  token: string | null;
  params: CheckedParams<N>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler's answer: the call's results on C01, empty results otherwise, or a protocol rejection. */
export type CallAnswer<N extends EndpointName> = ApiResponse<Results<N> | Record<string, never>> | FastifyReply;

export type CallHandler<N extends EndpointName> = (input: CallInput<N>) => Promise<CallAnswer<N>>;

/**
 * Registers calls of the contract on `app`: the path, method and parameter schema come from the
 * call's entry in `ENDPOINTS`, so a call's shape is written once, in `protocol/`. Signed calls
 * are checked by the envelope plugin; plain-JSON calls here; encrypted fields are opened with `aesKey`.
 */
export function callsOn(app: FastifyInstance, aesKey: string) {
  const seal = sealWith(aesKey);
  return <N extends EndpointName>(name: N, handler: CallHandler<N>): void => {
    const entry = ENDPOINTS[name];
    const schema = entry.request(seal) as v.GenericSchema<unknown, CheckedParams<N>>;
    const url = pathOf(name);
    if (entry.carriage === 'signed') {
      app.post(url, {
        config: { envelope: schema },
        handler: (request, reply) => {
          const { token, params } = request.signed as SignedInput<CheckedParams<N>>;
          return handler({ token, params, request, reply });
        },
      });
    } else if (entry.carriage === 'plain-json') {
      app.post(url, { config: { envelope: false }, handler: plainJsonHandler(schema, handler) });
    } else {
      app.get(url, (request, reply) => handler({ token: null, params: undefined as CheckedParams<N>, request, reply }));
    }
  };
}

/**
 * A server-to-server call: a plain JSON body (no signed envelope), checked with the entry's schema;
 * a body that fails it is PARAMETER_INVALID naming the field. Its answers carry secrets or personal
 * data, so no cache may keep them.
 */
function plainJsonHandler<N extends EndpointName>(
  schema: v.GenericSchema<unknown, CheckedParams<N>>,
  handler: CallHandler<N>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const nonPlain = describeUnstorableText(request.body, 'body');
    if (nonPlain) return reject(reply, 'PARAMETER_INVALID', nonPlain);
    const parsed = v.safeParse(schema, request.body, { abortEarly: true, message: RC_MESSAGES.PARAMETER_INVALID });
    if (!parsed.success) return reject(reply, 'PARAMETER_INVALID', describeIssue(parsed.issues[0]));
    return handler({ token: null, params: parsed.output, request, reply });
  };
}
