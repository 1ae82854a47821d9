import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Members of the legacy e-commerce shop, looked up by compare_ec_member. */
export const ecMembers = pgTable('ec_members', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  phone: varchar('phone', { length: 10 }).notNull().unique(),
  name: varchar('name', { length: 100 }),
  email: varchar('email', { length: 254 }),
  status: varchar('status', { length: 32 }).notNull().default('active'),
  createdAt: createdAt(),
});
