// Every table, for Drizzle and drizzle-kit: one file per table group under schema/, none importing this barrel.
export * from './schema/audit';
export * from './schema/catalog';
export * from './schema/ec-members';
export * from './schema/line';
export * from './schema/login-attempts';
export * from './schema/member-card';
export * from './schema/members';
export * from './schema/mobile-change';
export * from './schema/oauth';
export * from './schema/registration';
export * from './schema/sms';
export * from './schema/tokens';
export * from './schema/verification';
