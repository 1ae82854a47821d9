import { and, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

/**
 * Reserves one password check for the mobile and answers its number: the count goes up
 * before the password is evaluated, in one atomic statement, so however many checks arrive
 * at once and however many server processes share the database, each gets its own number
 * and at most `lockoutFailures` are ever evaluated.
 *
 * The count starts again from one after `lockoutWindowMs` without any check, or once a lock
 * has ended. The check that reaches the limit sets the lock at once; should it turn out to
 * be the right password, `clearAttempts` lifts it again.
 */
export async function reserveAttempt(db: Db, mobile: string, now: Date): Promise<number> {
  const quietSince = new Date(now.getTime() - LIMITS.lockoutWindowMs);
  const lockEnds = new Date(now.getTime() + LIMITS.lockoutMs);
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const startsAgain = sql`(${loginAttempts.lockedUntil} <= ${at(now)} or (${loginAttempts.lockedUntil} is null and ${loginAttempts.lastAttemptAt} <= ${at(quietSince)}))`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ mobile, attempts: 1, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.mobile,
      set: {
        attempts: sql`case when ${startsAgain} then 1 else ${loginAttempts.attempts} + 1 end`,
        lockedUntil: sql`case when ${startsAgain} then null when ${loginAttempts.attempts} + 1 = ${LIMITS.lockoutFailures} then ${at(lockEnds)} else ${loginAttempts.lockedUntil} end`,
        lastAttemptAt: now,
      },
    })
    .returning({ attempts: loginAttempts.attempts });
  if (!row) throw new Error('login attempt reservation returned no row');
  return row.attempts;
}

/** The right password (or a reset one): every counted check is forgiven and any lock lifted. */
export async function clearAttempts(db: Db, mobile: string): Promise<void> {
  await forgiving(db, mobile);
}

/** `clearAttempts` as a WITH query, to ride along with the statement that signs the member in. */
export function attemptsForgiven(db: Db, mobile: string) {
  return db.$with('attempts_forgiven').as(forgiving(db, mobile).returning({ mobile: loginAttempts.mobile }));
}

// A member with nothing to forgive has no row to change, so the statement writes nothing.
const forgiving = (db: Db, mobile: string) =>
  db
    .update(loginAttempts)
    .set({ attempts: 0, lockedUntil: null })
    .where(
      and(eq(loginAttempts.mobile, mobile), or(gt(loginAttempts.attempts, 0), isNotNull(loginAttempts.lockedUntil))),
    );
