import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as v from 'valibot';
import { findUnstorableText, openEnvelope, RC_MESSAGES, refusalNaming, VALIDATION_MESSAGES } from '#protocol';
import { reject } from '../lib/responses';

type ParamsSchema = v.GenericSchema<unknown, unknown>;

/** What a signed call carries once its envelope and parameters have passed. */
export interface SignedInput<P = unknown> {
  token: string | null;
  params: P;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The request_parameter schema of a signed call, or false for a plain-JSON (server-to-server) POST. */
    envelope?: ParamsSchema | false;
  }
  interface FastifyRequest {
    signed: SignedInput | null;
  }
}

export interface EnvelopeOptions {
  signKey: string;
  now: () => Date;
}

/** The RM of a parameter that failed its schema: the message, then the field in brackets. */
export function describeIssue(issue: v.BaseIssue<unknown>): string {
  const field = issue.path?.map((item) => String(item.key)).join('.') || 'request_parameter';
  return refusalNaming(field, issue.message);
}

/**
 * The RM for the first string anywhere in `value` (key or value, however deep, including
 * fields no schema names) that breaks the protocol's plain-text rule; null when none does.
 * Checked before any schema, so no such string reaches a handler, a log or the database.
 */
export function describeUnstorableText(value: unknown, name: string): string | null {
  const field = findUnstorableText(value);
  return field === null ? null : refusalNaming(field || name, VALIDATION_MESSAGES.controlCharacters);
}

/**
 * The signed envelope of PROTOCOL.md, checked once for every POST before its handler:
 * shape, Base64 and JSON, signature, timestamp, then the call's request_parameter schema.
 * Every POST route must declare `config.envelope`, so none can skip the check by accident.
 */
export const envelopePlugin = fp<EnvelopeOptions>(
  async (app, { signKey, now }) => {
    app.decorateRequest('signed', null);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.includes('POST') && route.config?.envelope === undefined) {
        throw new Error(`POST ${route.url} must declare config.envelope (a schema, or false for plain JSON)`);
      }
    });
    app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
      const schema = request.routeOptions.config.envelope;
      if (!schema) return;
      const opened = openEnvelope(signKey, request.body, now());
      if (!opened.ok) return reject(reply, opened.rc);
      const { token, request_parameter } = opened.payload;
      const nonPlain =
        describeUnstorableText(token, 'token') ?? describeUnstorableText(request_parameter, 'request_parameter');
      if (nonPlain) return reject(reply, 'PARAMETER_INVALID', nonPlain);
      const parsed = v.safeParse(schema, opened.payload.request_parameter, {
        abortEarly: true,
        message: RC_MESSAGES.PARAMETER_INVALID,
      });
      if (!parsed.success) return reject(reply, 'PARAMETER_INVALID', describeIssue(parsed.issues[0]));
      request.signed = { token: opened.payload.token ?? null, params: parsed.output };
    });
  },
  { name: 'envelope' },
);
