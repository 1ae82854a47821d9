import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema';
import type { SmsMessage, SmsSender } from './sender';

export interface OutboxEntry extends SmsMessage {
  sentAt: Date;
}

/**
 * The development provider: every message is stored in `sms_outbox` and logged, so a
 * person (or a test) reads the code from the log or `GET /dev/sms-outbox`. Production refuses it.
 */
export function outboxSender(db: Db, logger: FastifyBaseLogger, now: () => Date): SmsSender {
  return {
    async send(message) {
      await db
        .insert(smsOutbox)
        .values({ recipient: message.to, text: message.text, purpose: message.purpose, sentAt: now() });
      logger.info({ sms: message }, `簡訊寄件匣：寄給 ${message.to}：${message.text}`);
    },
  };
}

/** The newest messages first, optionally only those to one mobile. */
export async function listOutbox(db: Db, options: { to?: string; limit: number }): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(options.to ? eq(smsOutbox.recipient, options.to) : undefined)
    .orderBy(desc(smsOutbox.sentAt), desc(smsOutbox.id))
    .limit(options.limit);
  return rows.map((row) => ({ to: row.recipient, text: row.text, purpose: row.purpose, sentAt: row.sentAt }));
}
