import type { Db } from '../../db/client';
import { type AuditEventType, memberAuditEvents } from '../../db/schema';

export { AUDIT_EVENT_TYPES, type AuditEventType } from '../../db/schema';

export interface AuditEvent {
  memberId: string;
  type: AuditEventType;
  oldMobile?: string | null;
  newMobile?: string | null;
  detail?: Record<string, unknown> | null;
  /** The client's address (`clientAddress`), through trusted proxies only. */
  clientAddress: string;
}

// Fastify's request.ip is at most an IPv6 address with a zone; the column takes 64 characters.
const ADDRESS_MAX = 64;

/** Records a sensitive change; call it inside the transaction that makes the change, so both or neither stay. */
export async function recordAuditEvent(db: Db, event: AuditEvent, now: Date): Promise<void> {
  await db.insert(memberAuditEvents).values({
    memberId: event.memberId,
    eventType: event.type,
    oldMobile: event.oldMobile ?? null,
    newMobile: event.newMobile ?? null,
    detail: event.detail ?? null,
    clientAddress: event.clientAddress.slice(0, ADDRESS_MAX),
    occurredAt: now,
  });
}
