import { bigint, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Messages of the development `outbox` SMS provider (never used in production). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: varchar('recipient', { length: 20 }).notNull(),
    text: text('text').notNull(),
    purpose: varchar('purpose', { length: 32 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sms_outbox_sent_at_idx').on(t.sentAt), index('sms_outbox_recipient_idx').on(t.recipient)],
);
