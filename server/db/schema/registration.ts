import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from '../schema';

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
