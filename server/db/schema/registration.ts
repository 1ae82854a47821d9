import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { members } from './members';
import { memberTokens } from './tokens';

/** Who invited whom: a member is invited at most once, by the member whose code they entered. */
export const referrals = pgTable(
  'referrals',
  {
    refereeId: uuid('referee_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('referrals_referrer_id_idx').on(t.referrerId),
    check('referrals_not_self_check', sql`${t.refereeId} <> ${t.referrerId}`),
  ],
);

/**
 * Every mobile a register temp token has had a code sent to: step 3's "change mobile" may
 * move one registration across at most a few numbers, each of which costs an SMS.
 */
export const tempTokenMobiles = pgTable(
  'temp_token_mobiles',
  {
    tokenId: uuid('token_id')
      .notNull()
      .references(() => memberTokens.id, { onDelete: 'cascade' }),
    mobile: varchar('mobile', { length: 10 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.mobile] })],
);
