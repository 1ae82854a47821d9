import { constants as zlibConstants } from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { MAX_BODY_BYTES } from '#protocol';
import { type Config, LIMITS } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { loggerOptions } from './lib/logger';
import { projectFile } from './lib/project-files';
import { connectRedis } from './lib/redis';
import { authRoutes } from './modules/auth/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { ecMemberRoutes } from './modules/ec-members/routes';
import { healthRoutes } from './modules/health/routes';
import { scheduleHousekeeping } from './modules/housekeeping/sweep';
import { lineRoutes } from './modules/line/routes';
import { memberCardRoutes } from './modules/member-card/routes';
import { oauthRoutes } from './modules/oauth/routes';
import { passwordRoutes } from './modules/password/routes';
import { profileRoutes } from './modules/profile/routes';
import { registerRoutes } from './modules/register/routes';
import { smsBudget } from './modules/verification/service';
import { webRoutes } from './modules/web/routes';
import { envelopePlugin } from './plugins/envelope';
import { frameworkErrorAnswer, installErrorHandler } from './plugins/errors';
import { rateLimitPlugin } from './plugins/rate-limit';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { createSmsSender, type SmsSender } from './sms';
import { smsOutboxRoutes } from './sms/outbox-routes';

export interface AppOptions {
  config: Config;
  database: Database;
  /** The clock every rule reads; defaults to the real one. */
  now?: () => Date;
  /** The built web app; defaults to `dist/` at the project root. */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The SMS provider; defaults to the configured one. */
  sms?: SmsSender;
  /** How long a request may take to arrive whole; defaults to REQUEST_ARRIVAL_MS (tests shorten it). */
  requestArrivalMs?: number;
}

/**
 * How long a request has to arrive whole, headers and body. Fastify's default is no limit, so a
 * client trickling a request in (slowloris) could hold a connection for ever, and enough of them
 * every connection the process can take. A member's request is a few hundred bytes and the app
 * gives up on a call after 20 s (src/api/client.ts), so nothing the app still waits for is cut.
 * Node answers 408 and closes the connection.
 */
const REQUEST_ARRIVAL_MS = 30_000;

/** The HTTP server's timeouts for `arrivalMs`; Node checks its connections every so often, not at the instant. */
const arrivalLimits = (arrivalMs: number) => ({
  requestTimeout: arrivalMs,
  http: { headersTimeout: arrivalMs, connectionsCheckingInterval: Math.min(arrivalMs, 5_000) },
});

/**
 * The HTML shell and API answers, compressed on the fly (the built assets are precompressed at build,
 * see vite.config.ts). Brotli at quality 4 costs about what gzip does; 11 would cost a member's wait.
 * Answers under 1 KiB go as they are: most API answers fit one packet anyway.
 *
 * Requests are never unpacked: no client of the protocol compresses what it sends, and an 800-byte
 * brotli body unpacks to a gigabyte. The body limit stops Fastify reading, not the unpacking already
 * running, which would keep a core busy for seconds per request. A compressed body is refused (HTTP
 * 400, PARAMETER_INVALID) before a byte of it is read.
 */
const COMPRESSION: FastifyCompressOptions = {
  requestEncodings: ['identity'],
  encodings: ['br', 'gzip'],
  threshold: 1024,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
};

const DEFAULT_DIST_DIR = projectFile('dist');

// A hop count means: trust that many proxies in front of us (Fastify's types omit numbers).
const trustProxy = (setting: Config['trustProxy']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

/** The member server, ready for `listen` or `inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logger = options.logger ?? (config.nodeEnv === 'test' ? false : loggerOptions());
  const app = Fastify({
    logger,
    ...arrivalLimits(options.requestArrivalMs ?? REQUEST_ARRIVAL_MS),
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: trustProxy(config.trustProxy),
    return503OnClosing: true,
    frameworkErrors: frameworkErrorAnswer(securityHeaders(config)),
  });
  const now = options.now ?? (() => new Date());
  const sms = options.sms ?? createSmsSender(config.sms, { db: database.db, logger: app.log, now });
  const context: AppContext = { config, db: database.db, now, sms, smsBudget: smsBudget(config, app.log, now) };
  installErrorHandler(app);
  registerSecurityHeaders(app, config);
  await app.register(compress, COMPRESSION);
  await app.register(cookie);
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimitPlugin, {
    perMinute: config.rateLimitPerMinute,
    checksPerMinute: config.rateLimitChecksPerMinute,
    windowMs: LIMITS.rateLimitWindowMs,
    redis,
    keyPrefix: config.redisKeyPrefix,
  });
  await app.register(envelopePlugin, { signKey: config.signKey, now: context.now });
  await app.register(healthRoutes, context);
  await app.register(authRoutes, context);
  await app.register(ecMemberRoutes, context);
  await app.register(oauthRoutes, context);
  await app.register(registerRoutes, context);
  scheduleHousekeeping(app, context, database.kind);
  await app.register(lineRoutes, context);
  await app.register(profileRoutes, context);
  await app.register(passwordRoutes, context);
  await app.register(catalogRoutes, context);
  await app.register(memberCardRoutes, context);
  // The outbox page shows every code sent: it does not exist in production.
  if (!config.production) await app.register(smsOutboxRoutes, context);
  await app.register(webRoutes, { ...context, distDir: options.distDir ?? DEFAULT_DIST_DIR });
  return app;
}
