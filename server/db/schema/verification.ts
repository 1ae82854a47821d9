import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** What a code is for; a code of one purpose never answers for another. */
export const VERIFICATION_PURPOSES = ['register', 'forgot_password', 'member_verification', 'mobile_change'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

/**
 * Every SMS code sent, newest per mobile and purpose being the live one. The rows within
 * the last 24 hours are also the send counts that the limits read (per mobile and purpose,
 * per client address, for the whole deployment), so the limits hold across restarts and
 * across every server process sharing the database. A send the provider refused is removed.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: varchar('mobile', { length: 10 }).notNull(),
    purpose: varchar('purpose', { length: 32, enum: VERIFICATION_PURPOSES }).notNull(),
    /** argon2id PHC string of the code (salted); never the code. */
    codeHash: text('code_hash').notNull(),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The client address (an IPv6 one as its /64) whose call sent the code: the per-address SMS budget counts these. */
    clientAddress: varchar('client_address', { length: 45 }),
  },
  (t) => [
    index('verification_codes_mobile_purpose_sent_at_idx').on(t.mobile, t.purpose, t.sentAt),
    index('verification_codes_client_address_sent_at_idx').on(t.clientAddress, t.sentAt),
    index('verification_codes_sent_at_idx').on(t.sentAt),
    check(
      'verification_codes_purpose_check',
      sql`${t.purpose} in ('register', 'forgot_password', 'member_verification', 'mobile_change')`,
    ),
  ],
);
