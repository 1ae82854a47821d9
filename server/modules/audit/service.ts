import type { Db } from '../../db/client';
import { type AuditEventType, memberAuditEvents } from '../../db/schema';

export type { AuditEventType } from '../../db/schema';

export interface AuditEvent {
  memberId: string;
  type: AuditEventType;
  oldMobile?: string | null;
  newMobile?: string | null;
  detail?: Record<string, unknown> | null;
  /** `clientAddress(request)`: an IP address (at most 45 characters) or its stand-in, never a forwarded string as sent. */
  clientAddress: string;
}

/** Records a sensitive change; call it inside the transaction that makes the change, so both or neither stay. */
export async function recordAuditEvent(db: Db, event: AuditEvent, now: Date): Promise<void> {
  await db.insert(memberAuditEvents).values({
    memberId: event.memberId,
    eventType: event.type,
    oldMobile: event.oldMobile ?? null,
    newMobile: event.newMobile ?? null,
    detail: event.detail ?? null,
    clientAddress: event.clientAddress,
    occurredAt: now,
  });
}
