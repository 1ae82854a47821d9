import rateLimit from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { EndpointName } from '#protocol';
import { clientBlock } from '../lib/client-address';
import { isApiPath, pathOf } from '../lib/paths';
import { errorName } from '../lib/redis';
import { reject } from '../lib/responses';

export interface RateLimitOptions {
  /** Every API call from one client address, a minute. */
  perMinute: number;
  /** Calls that check a password or a code, or whether a mobile is registered, from one client address, a minute. */
  checksPerMinute: number;
  windowMs: number;
  /** The shared counter store; null counts in this process's memory. */
  redis: Redis | null;
  keyPrefix: string;
}

/**
 * The calls that tell a guesser whether a password or a code was right, or whether a mobile
 * is a member's: each costs an argon2 verification or answers an enumeration question, so
 * they share a budget far tighter than the overall one. Like every budget here, a call counts
 * in `onRequest`, before its handler looks anything up.
 *
 * A member's own journeys stay far inside the default 30 a minute: registering is
 * register_check, register and perhaps an update_register_mobile or two and register_verify;
 * a forgotten password is one forget_password and its code; LINE binding one check_mobile; a
 * LINE login one login_with_provider; a failed login one compare_ec_member after it.
 */
const CHECK_CALLS: readonly EndpointName[] = [
  'login',
  'bindThirdParty',
  'updateMemberPassword',
  'updateMemberMobile',
  'registerVerify',
  'forgetPasswordVerify',
  'memberVerify',
  'verifyVerificationCode',
  // A LINE login asks LINE's servers about the token and, for a bound LINE, issues a session that
  // lives a year: one tap's worth for a member, and a way to fill the sessions table for a caller
  // who repeats it.
  'loginWithProvider',
  // Each answers a registered mobile differently from a free one, at no other cost to the
  // caller: MEMBER_IS_NOT_EXIST before any SMS, MEMBER_MOBILE_IS_REPEAT before any SMS or
  // hashing (and, once the SMS budgets refuse, still against SMS_SEND_LIMIT), is_mmrm_member.
  'checkMobile',
  'registerCheck',
  'forgetPassword',
  'register',
  'registerWithThirdPartyCrmData',
  'updateRegisterMobile',
  'compareEcMember',
];
const CHECK_PATHS = new Set(CHECK_CALLS.map(pathOf));

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The library's Redis store, falling back to its in-memory store while Redis fails: a
 * Redis outage weakens the limits to per-process ones for its duration instead of failing
 * every call. Said once when Redis fails and once when it is back.
 */
function resilientStore(redis: Redis | null, keyPrefix: string, log: FastifyBaseLogger) {
  const local = new LocalStore(false, false);
  const shared = redis && new RedisStore(false, false, redis, `${keyPrefix}rate:`);
  let redisDown = false;
  return class ResilientStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      if (!shared) {
        local.incr(key, callback, timeWindow, max);
        return;
      }
      shared.incr(
        key,
        (error, result) => {
          if (!error) {
            if (redisDown) log.info('Redis 已恢復，限流計數回到 Redis');
            redisDown = false;
            return callback(null, result);
          }
          if (!redisDown) log.warn({ reason: errorName(error) }, 'Redis 無法使用，限流計數暫以本程序記憶體計算');
          redisDown = true;
          local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
    // Budgets carry their name in their keys (createBudget), so one store serves them all.
    child(): ResilientStore {
      return this;
    }
  };
}

export type Budget = (
  request: FastifyRequest,
) => Promise<{ max: number; remaining: number; ttlInSeconds: number; isExceeded: boolean }>;

/**
 * A budget of `max` calls a window, counted per `keyOf(request)` in the shared store. Budgets
 * carry their name in their keys, so one store serves them all.
 */
export function createBudget(
  app: FastifyInstance,
  name: string,
  max: number,
  windowMs: number,
  keyOf: (request: FastifyRequest) => string,
): Budget {
  const limiter = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `${name}:${keyOf(request)}`,
  });
  return async (request) => {
    const result = await limiter(request);
    if (result.isAllowed) return { max, remaining: max, ttlInSeconds: 0, isExceeded: false };
    return result;
  };
}

/**
 * Calls with budgets of their own instead of the per-address ones: a store's tills may all
 * call from one address (a shop's router, a chain's POS back office), so they count per till.
 */
const OWN_BUDGET_PATHS = new Set([pathOf('posVerifyMemberCard')]);

/**
 * Request budgets per client address with @fastify/rate-limit, attached to the API routes
 * themselves: the count runs after routing, so every spelling of a path that reaches a
 * handler (`/%61pp-api/...`) counts against that handler. The client address is
 * `request.ip`, which honours X-Forwarded-For only when TRUST_PROXY is set; IPv6 addresses
 * count per /64, the block one subscriber holds.
 */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, options) => {
    await app.register(rateLimit, {
      global: false,
      store: resilientStore(options.redis, options.keyPrefix, app.log),
    });
    const overall = createBudget(app, 'all', options.perMinute, options.windowMs, clientBlock);
    const checks = createBudget(app, 'checks', options.checksPerMinute, options.windowMs, clientBlock);

    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url) || OWN_BUDGET_PATHS.has(route.url)) return;
      const hook = limitHook(CHECK_PATHS.has(route.url) ? [overall, checks] : [overall]);
      route.onRequest = [...[route.onRequest ?? []].flat(), hook];
    });
  },
  { name: 'rate-limit' },
);

/** Counts the call against its budgets (see `countAgainst`) before the handler runs. */
function limitHook(budgets: Budget[]): onRequestHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (await countAgainst(budgets, request, reply)) return reply;
  };
}

/**
 * Counts the call against each of its budgets; the RateLimit-* headers show the tightest one.
 * True when one is exceeded: the 429 RATE_LIMITED answer has then been sent.
 */
export async function countAgainst(budgets: Budget[], request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const results = await Promise.all(budgets.map((count) => count(request)));
  const exceeded = results.find((result) => result.isExceeded);
  const tightest = exceeded ?? results.reduce((a, b) => (b.remaining < a.remaining ? b : a));
  reply.header('ratelimit-limit', tightest.max);
  reply.header('ratelimit-remaining', tightest.remaining);
  reply.header('ratelimit-reset', tightest.ttlInSeconds);
  if (!exceeded) return false;
  reply.header('retry-after', exceeded.ttlInSeconds);
  reject(reply, 'RATE_LIMITED');
  return true;
}
