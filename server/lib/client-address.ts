import { isIP } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/** What stands for a forwarded "address" that is no IP address: every such caller shares one count. */
const NOT_AN_ADDRESS = 'not-an-ip';

/**
 * The client's address: `request.ip`, which honours X-Forwarded-For only with TRUST_PROXY.
 * A trusted proxy passes on whatever the client put first in that header, so anything but an
 * IP address (an IPv6 zone dropped) becomes NOT_AN_ADDRESS instead of reaching a column or a key.
 */
export function clientAddress(request: Pick<FastifyRequest, 'ip'>): string {
  const address = request.ip.split('%')[0] ?? '';
  return isIP(address) ? address : NOT_AN_ADDRESS;
}

/**
 * The block a budget counts: the address, or for IPv6 its /64, the block one subscriber is
 * given (counting single IPv6 addresses would give each subscriber 2^64 budgets).
 */
export function clientBlock(request: Pick<FastifyRequest, 'ip'>): string {
  const address = clientAddress(request);
  return address === NOT_AN_ADDRESS ? address : normalizeIP(address);
}
