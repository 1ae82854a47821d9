import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../config';
import { createdAt } from './columns';
import { members } from './members';

/** Third-party applications that may ask a member to sign in with their member account. */
export const oauthClients = pgTable('oauth_clients', {
  /** Public id: 128 random bits, Base64url. */
  id: varchar('id', { length: 32 }).primaryKey(),
  name: varchar('name', { length: LIMITS.oauthClientNameMaxLength }).notNull(),
  /** Hex SHA-256 of the 256-bit secret; the secret is shown once, when the client is added or given a new one. */
  secretHash: varchar('secret_hash', { length: 64 }).notNull(),
  createdAt: createdAt(),
  /**
   * Set by `npm run oauth:revoke-client`; the row stays, so its hops and codes keep their client
   * and the list can say when it was stopped. A stopped client is never live again.
   */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Where a client's members may be sent back to: exact URIs, compared as text, never patterns. */
export const oauthClientRedirectUris = pgTable(
  'oauth_client_redirect_uris',
  {
    clientId: varchar('client_id', { length: 32 })
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    uri: varchar('uri', { length: LIMITS.oauthRedirectUriMaxLength }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.uri] })],
);

/** One consent hop started by a client (`POST /oauth/request`); its random_key gives one grant to one member. */
export const oauthRequests = pgTable(
  'oauth_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Hex SHA-256 of the random_key. */
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
    clientId: varchar('client_id', { length: 32 })
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    redirectUri: varchar('redirect_uri', { length: LIMITS.oauthRedirectUriMaxLength }).notNull(),
    state: varchar('state', { length: LIMITS.oauthStateMaxLength }).notNull(),
    codeChallenge: varchar('code_challenge', { length: 128 }),
    codeChallengeMethod: varchar('code_challenge_method', { length: 8 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('oauth_requests_expires_at_idx').on(t.expiresAt),
    // Removing a client removes its hops: found by this, not by reading every hop.
    index('oauth_requests_client_id_idx').on(t.clientId),
    check(
      'oauth_requests_pkce_check',
      sql`(${t.codeChallenge} is null and ${t.codeChallengeMethod} is null) or ${t.codeChallengeMethod} = 'S256'`,
    ),
  ],
);

/** The single-use code a member's consent gives the client, exchanged at `POST /oauth/token`. */
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Hex SHA-256 of the code. */
    codeHash: varchar('code_hash', { length: 64 }).notNull().unique(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => oauthRequests.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set when the code is presented again after use: the grant it made counts as compromised. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why the grant was revoked, for the operator reading the table. */
    revokedReason: text('revoked_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_codes_request_id_idx').on(t.requestId), index('oauth_codes_member_id_idx').on(t.memberId)],
);
