import { sql } from 'drizzle-orm';
import { boolean, check, date, index, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
