import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: varchar('mobile', { length: 10 }).notNull().unique(),
    name: varchar('name', { length: 50 }).notNull(),
    /** argon2id PHC string; never the password. */
    passwordHash: text('password_hash').notNull(),
    gender: varchar('gender', { length: 1 }),
    email: varchar('email', { length: 254 }),
    birthday: date('birthday', { mode: 'string' }),
    isVerified: boolean('is_verified').notNull().default(false),
    referralCode: varchar('referral_code', { length: 16 }).notNull().unique(),
    /** Imported legacy members log in with their birthday once, then must set a password. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** What a third-party CRM sent along when the member registered through its link, as it came. */
    thirdPartyCrmData: jsonb('third_party_crm_data').$type<Record<string, unknown>>(),
    /**
     * Set while a self-registration waits for step 3 (verify or skip), to the moment its temp
     * token expires; null once it is done (and for imported members). A registration past
     * this moment no longer holds its mobile: the next registration of that mobile, or the
     * periodic sweep, removes it.
     */
    registrationExpiresAt: timestamp('registration_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('members_gender_check', sql`${t.gender} in ('M', 'F', 'S')`),
    index('members_registration_expires_at_idx')
      .on(t.registrationExpiresAt)
      .where(sql`${t.registrationExpiresAt} is not null`),
  ],
);

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
    check('member_tokens_kind_check', sql`${t.kind} in ('member', 'temp')`),
  ],
);

/**
 * The password checks of one mobile, counted before each is evaluated (see modules/auth/lockout.ts):
 * wrong ones and those still being checked, since the count last started from zero.
 */
export const loginAttempts = pgTable('login_attempts', {
  mobile: varchar('mobile', { length: 10 }).primaryKey(),
  attempts: integer('attempts').notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Members of the legacy e-commerce shop, looked up by compare_ec_member. */
export const ecMembers = pgTable('ec_members', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  phone: varchar('phone', { length: 10 }).notNull().unique(),
  name: varchar('name', { length: 100 }),
  email: varchar('email', { length: 254 }),
  status: varchar('status', { length: 32 }).notNull().default('active'),
  createdAt: createdAt(),
});

export * from './schema/audit';
export * from './schema/catalog';
export * from './schema/line';
export * from './schema/mobile-change';
export * from './schema/oauth';
export * from './schema/registration';
export * from './schema/sms';
export * from './schema/verification';
