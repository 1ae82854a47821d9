import { and, desc, eq, lt } from 'drizzle-orm';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** Whether the account is locked: its last 5 failures fell within 15 minutes, under 15 minutes ago. */
export async function isLocked(db: Db, mobile: string, now: Date): Promise<boolean> {
  const recent = await db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(eq(loginFailures.mobile, mobile))
    .orderBy(desc(loginFailures.failedAt))
    .limit(LIMITS.lockoutFailures);
  const newest = recent[0]?.failedAt;
  const oldest = recent[LIMITS.lockoutFailures - 1]?.failedAt;
  if (!newest || !oldest) return false;
  const withinWindow = newest.getTime() - oldest.getTime() <= LIMITS.lockoutWindowMs;
  return withinWindow && now.getTime() < newest.getTime() + LIMITS.lockoutMs;
}

export async function recordFailure(db: Db, mobile: string, now: Date): Promise<void> {
  await db.insert(loginFailures).values({ mobile, failedAt: now });
  // Failures older than a window and a lock can no longer count.
  const expired = new Date(now.getTime() - LIMITS.lockoutWindowMs - LIMITS.lockoutMs);
  await db.delete(loginFailures).where(and(eq(loginFailures.mobile, mobile), lt(loginFailures.failedAt, expired)));
}

export async function clearFailures(db: Db, mobile: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.mobile, mobile));
}
