import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ecMembers } from '../../db/schema';

export interface EcMemberComparison {
  isMmrmMember: boolean;
  status: string | null;
}

/** Whether the phone belongs to a member of the legacy e-commerce shop, and that account's status. */
export async function compareEcMember(db: Db, phone: string): Promise<EcMemberComparison> {
  const [row] = await db.select({ status: ecMembers.status }).from(ecMembers).where(eq(ecMembers.phone, phone));
  return { isMmrmMember: row !== undefined, status: row?.status ?? null };
}
