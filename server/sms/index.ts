import type { FastifyBaseLogger } from 'fastify';
import { LIMITS, type SmsConfig } from '../config';
import type { Db } from '../db/client';
import { httpSender } from './http';
import { outboxSender } from './outbox';
import type { SmsSender } from './sender';

export { type SmsMessage, SmsSendError, type SmsSender } from './sender';
export { MOBILE_CHANGED_NOTICE, mobileChangedText, verificationCodeText } from './texts';

/** The configured provider: the development outbox, or the HTTP gateway. */
export function createSmsSender(config: SmsConfig, deps: { db: Db; logger: FastifyBaseLogger; now: () => Date }) {
  const sender: SmsSender =
    config.provider === 'http'
      ? httpSender({ url: config.url, token: config.token, timeoutMs: LIMITS.smsHttpTimeoutMs })
      : outboxSender(deps.db, deps.logger, deps.now);
  return sender;
}
