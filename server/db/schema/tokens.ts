import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { members } from './members';

export const TOKEN_KINDS = ['member', 'temp'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

export const memberTokens = pgTable(
  'member_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Hex SHA-256 of the token; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8, enum: TOKEN_KINDS }).notNull(),
    /** What a temp token may be used for (register, forgot password); null for member tokens. */
    purpose: varchar('purpose', { length: 32 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the SMS code sent with a temp token was entered right (forgot password: the reset may follow). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_tokens_member_id_idx').on(t.memberId),
    // The housekeeping sweep finds tokens past their end by these (modules/tokens/service.ts).
    index('member_tokens_expires_at_idx').on(t.expiresAt),
    index('member_tokens_revoked_at_idx').on(t.revokedAt).where(sql`${t.revokedAt} is not null`),
    check('member_tokens_kind_check', sql`${t.kind} in ('member', 'temp')`),
  ],
);
