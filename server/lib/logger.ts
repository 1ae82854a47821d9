import type { FastifyServerOptions } from 'fastify';

// Secrets that could still ride in an error's text: argon2 hashes, hex digests and keys,
// Base64url tokens, and digit runs (SMS codes, mobiles). Masked wherever a message is logged.
const SECRET_SHAPES = [/\$argon2[^\s"',]*/g, /\b[0-9a-f]{32,}\b/gi, /[A-Za-z0-9_-]{40,}={0,2}/g, /\d{6,}/g];
// A value quoted after a colon in a database message: `invalid input syntax for type uuid: "…"`.
const QUOTED_VALUE = /:\s*(["']).*?\1/g;
const MAX_CAUSES = 4;

export const scrub = (text: string): string =>
  SECRET_SHAPES.reduce((masked, shape) => masked.replace(shape, '[redacted]'), text).replace(
    QUOTED_VALUE,
    ': [redacted]',
  );

/** A failed query's message in the log, in place of its SQL and parameters. */
export const DATABASE_QUERY_FAILED = 'database query failed';

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  code?: string;
  message: string;
  stack: string;
  cause?: LoggedError;
}

/**
 * What the log keeps of an error: its type, code (a SQLSTATE for database errors), a scrubbed
 * message and the stack frames. Never its other properties: a failed query carries its SQL
 * and parameters (password hashes, tokens, codes), which pino's standard serializer would copy.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]', stack: '' };
  const failedQuery = 'query' in error && 'params' in error;
  const message = failedQuery ? DATABASE_QUERY_FAILED : scrub(error.message);
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = { type: error.name, message, stack: (frames ?? []).map(scrub).join('\n') };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') logged.code = String(code);
  if (error.cause !== undefined && depth < MAX_CAUSES) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** The server's pino settings: request lines without their query, errors serialized safely, credentials redacted. */
export function loggerOptions(level = 'info') {
  return {
    level,
    serializers: {
      // Request lines are logged without their query: x_token is a credential.
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        remoteAddress: req.ip,
      }),
      err: serializeError,
    },
    // A second line of defence should a body, a header or a parameter ever be logged whole.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-mmrm-token"]',
        'body',
        'params',
        'query',
        '*.password',
        '*.password_hash',
        '*.passwordHash',
        '*.token',
        '*.sign',
        '*.code',
        '*.verify_code',
        '*.client_secret',
      ],
      censor: '[redacted]',
    },
  } satisfies FastifyServerOptions['logger'];
}

/**
 * What an operator is told of a failure: each error's kind and code down its causes, never a
 * query, its values or a secret (the rule of the server's log, `serializeError`).
 */
export function failureText(error: unknown): string {
  const parts: string[] = [];
  for (let logged: LoggedError | undefined = serializeError(error); logged; logged = logged.cause) {
    const message = logged.message === DATABASE_QUERY_FAILED ? '資料庫查詢失敗' : logged.message;
    parts.push(logged.code ? `${message}（${logged.code}）` : message);
  }
  return parts.join('：');
}
