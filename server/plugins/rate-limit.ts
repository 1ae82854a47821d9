import fp from 'fastify-plugin';
import { isApiPath } from '../lib/paths';
import { reject } from '../lib/responses';

export interface RateLimitOptions {
  perWindow: number;
  windowMs: number;
  now: () => Date;
}

/**
 * At most `perWindow` API calls per client address per fixed window. The counters live in
 * this process's memory: each server process behind a load balancer counts on its own,
 * which bounds abuse per process without a shared store. The client address is
 * `request.ip`, which honours X-Forwarded-For only when TRUST_PROXY is set.
 */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, { perWindow, windowMs, now }) => {
    let window = -1;
    let counts = new Map<string, number>();
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiPath(request.url)) return;
      const at = now().getTime();
      const current = Math.floor(at / windowMs);
      // A new window forgets every address, so memory stays bounded by one window's clients.
      if (current !== window) {
        window = current;
        counts = new Map();
      }
      const used = (counts.get(request.ip) ?? 0) + 1;
      counts.set(request.ip, used);
      if (used > perWindow) {
        reply.header('retry-after', Math.ceil(((current + 1) * windowMs - at) / 1000));
        return reject(reply, 'RATE_LIMITED');
      }
    });
  },
  { name: 'rate-limit' },
);
