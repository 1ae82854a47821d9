import { index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { members } from './members';
import { verificationCodes } from './verification';

/**
 * A mobile change a member asked for (with their password) and has not yet confirmed with the
 * code sent to the new mobile; at most one per member, the newest request replacing the last.
 */
export const pendingMobileChanges = pgTable(
  'pending_mobile_changes',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    newMobile: varchar('new_mobile', { length: 10 }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * The last code delivered for this request, the only one that confirms it: another member waiting
     * for the same new mobile has codes of their own, which neither confirm this request nor spend its
     * tries. None until the request's first code is delivered; a code withdrawn leaves none.
     */
    codeId: uuid('code_id').references(() => verificationCodes.id, { onDelete: 'set null' }),
  },
  // Each code removed (withdrawn, or pruned in batches) looks here for a request that holds it.
  (t) => [index('pending_mobile_changes_code_id_idx').on(t.codeId)],
);
