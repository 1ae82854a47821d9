import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../config';
import { createdAt } from './columns';
import { members } from './members';

/**
 * A member's card: the stable card number the code starts with, and the secret the member's
 * device derives the one-time part from (docs/decisions/0011-member-card-codes.md). The secret
 * must be kept as it is, not hashed: checking a code means computing it.
 */
export const memberCards = pgTable(
  'member_cards',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    cardNumber: varchar('card_number', { length: 10 }).notNull().unique(),
    /** Standard Base64 of 32 random bytes; replaced on password change, reset and the last session's sign-out. */
    secret: varchar('secret', { length: 44 }).notNull(),
    /**
     * The step (RFC 6238's T) of the last code a store accepted: a code of this step or an
     * earlier one is used up. Set by one compare-and-set, so two tills cannot both accept a code.
     */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('member_cards_card_number_check', sql`${t.cardNumber} ~ '^[1-9][0-9]{9}$'`)],
);

/** A store till allowed to verify member codes; only the SHA-256 of its API key is kept. */
export const posTerminals = pgTable('pos_terminals', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: varchar('name', { length: LIMITS.posTerminalNameMaxLength }).notNull(),
  /** Hex SHA-256 of the 256-bit key; the key is shown once, when the terminal is added. */
  keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Every code a store accepted: which till, which member, when. The card lists the latest. */
export const memberCardScans = pgTable(
  'member_card_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    terminalId: uuid('terminal_id')
      .notNull()
      .references(() => posTerminals.id),
    step: bigint('step', { mode: 'number' }).notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('member_card_scans_member_id_scanned_at_idx').on(t.memberId, t.scannedAt.desc()),
    index('member_card_scans_terminal_id_idx').on(t.terminalId),
  ],
);
