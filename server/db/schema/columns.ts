import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was written; every table that keeps it names and types it the same. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
