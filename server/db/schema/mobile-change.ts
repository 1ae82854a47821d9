import { pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { members } from './members';

/**
 * A mobile change a member asked for (with their password) and has not yet confirmed with the
 * code sent to the new mobile; at most one per member, the newest request replacing the last.
 */
export const pendingMobileChanges = pgTable('pending_mobile_changes', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  newMobile: varchar('new_mobile', { length: 10 }).notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
