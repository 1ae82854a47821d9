import { index, pgTable, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { members } from './members';

/** Third-party identities a member may sign in with; LINE is the only one so far. */
export const IDENTITY_PROVIDERS = ['line'] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

/**
 * A member's bound third-party identity. One identity binds one member, and a member binds at
 * most one identity of each provider: both are unique, so two racing binds cannot both win.
 */
export const identityBindings = pgTable(
  'identity_bindings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16, enum: IDENTITY_PROVIDERS }).notNull(),
    /** The provider's id of the user (a LINE userId: U and 32 hex digits). */
    providerUserId: varchar('provider_user_id', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('identity_bindings_provider_user_unique').on(t.provider, t.providerUserId),
    unique('identity_bindings_provider_member_unique').on(t.provider, t.memberId),
    // A member removed (a registration never finished, swept) takes its bindings: found by this,
    // where the unique index above, led by the provider, would be read whole.
    index('identity_bindings_member_id_idx').on(t.memberId),
  ],
);
