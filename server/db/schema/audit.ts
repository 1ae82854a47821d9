import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { members } from './members';

/** What happened to a member's account that the operator must be able to trace later. */
export const AUDIT_EVENT_TYPES = [
  'mobile_change',
  'line_bind',
  'line_unbind',
  'password_change',
  'password_reset',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/**
 * Sensitive changes to member accounts, one row each, never updated. A row outlives its member
 * (the member id then empty), so the trail outlives the account; but not a registration that
 * lapsed unfinished, whose rows go with it (`sweepStaleRegistrations`): its visitor never became
 * a member.
 */
export const memberAuditEvents = pgTable(
  'member_audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    eventType: varchar('event_type', { length: 32, enum: AUDIT_EVENT_TYPES }).notNull(),
    /** The account's mobile before and after the event, where the event is about the mobile. */
    oldMobile: varchar('old_mobile', { length: 10 }),
    newMobile: varchar('new_mobile', { length: 10 }),
    /** Anything else the event needs on record (for a LINE binding, the LINE user). */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** The client's address as the server saw it (X-Forwarded-For only when TRUST_PROXY is set). */
    clientAddress: varchar('client_address', { length: 64 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('member_audit_events_member_id_occurred_at_idx').on(t.memberId, t.occurredAt),
    // The import asks which mobiles members moved away from (modules/members-import/writes.ts).
    index('member_audit_events_moved_away_idx').on(t.oldMobile).where(sql`${t.eventType} = 'mobile_change'`),
  ],
);
