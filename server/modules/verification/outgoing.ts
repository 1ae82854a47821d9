import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { clientBlock } from '../../lib/client-address';
import type { SmsSender } from '../../sms';

const MINUTE = 60_000;

/** The deployment's send budgets beyond the per-mobile ones, from the server settings. */
export interface SmsBudget {
  perAddressPerHour: number;
  maxPerMinute: number;
  /** Told each time the deployment-wide ceiling refuses a send. */
  onCeiling(): void;
}

/** One call's way out for text messages: the provider, the budgets, and the client address that asked. */
export interface Outgoing {
  sms: SmsSender;
  budget: SmsBudget;
  clientAddress: string;
}

/**
 * The configured budgets; the ceiling's warning reaches the operator at most once a minute
 * per process, however many sends it refuses.
 */
export function smsBudget(
  config: Pick<Config, 'smsPerAddressPerHour' | 'smsMaxPerMinute'>,
  log: FastifyBaseLogger,
  now: () => Date,
): SmsBudget {
  let lastWarning = Number.NEGATIVE_INFINITY;
  return {
    perAddressPerHour: config.smsPerAddressPerHour,
    maxPerMinute: config.smsMaxPerMinute,
    onCeiling() {
      const at = now().getTime();
      if (at - lastWarning < MINUTE) return;
      lastWarning = at;
      log.warn(
        { limit: config.smsMaxPerMinute },
        '簡訊發送量已達全站每分鐘上限（SMS_MAX_PER_MINUTE），超出的發送已拒絕；請確認是否遭濫用',
      );
    },
  };
}

/** The way out for text messages of one request, counted against its client's address block. */
export const outgoingFor = (sms: SmsSender, budget: SmsBudget, request: FastifyRequest): Outgoing => ({
  sms,
  budget,
  clientAddress: clientBlock(request),
});
