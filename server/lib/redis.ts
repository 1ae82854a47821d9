import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long one Redis command may take before the caller counts without Redis. */
const COMMAND_TIMEOUT_MS = 250;
const CONNECT_TIMEOUT_MS = 2_000;
/**
 * A connection that has said nothing this long while a command waits is given up and made again.
 * A network gone silent drops no connection by itself (the system's own retries take minutes):
 * kept, it would cost every call one command's bound; given up, calls count in process memory at
 * once until a new connection answers.
 */
const SILENT_CONNECTION_MS = 1_000;

/**
 * A Redis client for shared counters that never makes a request wait on a Redis that is
 * down: commands fail at once while disconnected (no offline queue) or after a short
 * timeout, and ioredis keeps reconnecting in the background. Start-up waits briefly for
 * the first connection so the first requests are counted in Redis when it is there.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SILENT_CONNECTION_MS,
    lazyConnect: true,
    // Reconnect every second at most, for as long as the server runs.
    retryStrategy: (attempt) => Math.min(attempt * 200, 1_000),
  });
  // Without a listener ioredis reports every failed reconnect as an unhandled error.
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    log.warn({ reason: errorName(error) }, 'Redis 無法連線，限流計數暫以本程序記憶體計算，並持續重試連線');
  }
  return redis;
}

/** The kind of a Redis failure for the log, never its message (which may carry the URL and its password). */
export const errorName = (error: unknown): string =>
  error instanceof Error ? `${error.name}${'code' in error ? ` ${String(error.code)}` : ''}` : 'unknown';
