import { sql } from 'drizzle-orm';
import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The password checks of one mobile, counted before each is evaluated (see modules/auth/lockout.ts):
 * wrong ones and those still being checked. `attempts` is the number the last check was given;
 * `recentChecks` the moments of those within the lockout window, at most the lockout's count.
 */
export const loginAttempts = pgTable('login_attempts', {
  mobile: varchar('mobile', { length: 10 }).primaryKey(),
  attempts: integer('attempts').notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  recentChecks: timestamp('recent_checks', { withTimezone: true }).array().notNull().default(sql`'{}'`),
});
