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
    /**
     * The session that asked (its token's SHA-256, as member_tokens keeps it): the request is its
     * own. The member's other phone, whose screen still shows the mobile it asked for before this
     * request replaced it, is told its request has ended; its code and its resend do not reach this
     * one. None on a request made before the column was (its 30 minutes are long over).
     */
    requestedBy: varchar('requested_by', { length: 64 }),
  },
  // Each code removed (withdrawn, or pruned in batches) looks here for a request that holds it.
  (t) => [index('pending_mobile_changes_code_id_idx').on(t.codeId)],
);
