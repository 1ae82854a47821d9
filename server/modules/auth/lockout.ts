import { and, eq, gt, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { loginAttempts } from '../../db/schema';
import { type Member, memberHoldingMobile } from '../members/service';

/** The moments a reserved check is judged by: now, the start of the quiet window, and a new lock's end. */
type CheckTimes<T> = Record<'now' | 'quietSince' | 'lockEnds', T>;

const checkTimesAt = (now: Date): CheckTimes<string> => ({
  now: now.toISOString(),
  quietSince: new Date(now.getTime() - LIMITS.lockoutWindowMs).toISOString(),
  lockEnds: new Date(now.getTime() + LIMITS.lockoutMs).toISOString(),
});

const timestamp = (value: unknown) => sql`${value}::timestamptz`;

const asTimestamps = (times: CheckTimes<unknown>): CheckTimes<SQL> => ({
  now: timestamp(times.now),
  quietSince: timestamp(times.quietSince),
  lockEnds: timestamp(times.lockEnds),
});

/**
 * Reserves one password check for the mobile and answers its number: the count goes up
 * before the password is evaluated, in one atomic statement, so however many checks arrive
 * at once and however many server processes share the database, each gets its own number
 * and at most `lockoutFailures` are ever evaluated.
 *
 * The number is how many checks fall within the last `lockoutWindowMs`, this one included (the
 * contract's "5 within 15 min"): a check further back no longer counts. The check that makes it
 * `lockoutFailures` sets the lock at once; should it turn out to be the right password,
 * `clearAttempts` lifts it again. While locked, each check gets a number past the limit; once
 * the lock has ended, the count starts again from one.
 */
export async function reserveAttempt(db: Db, mobile: string, now: Date): Promise<number> {
  const [row] = await db
    .insert(loginAttempts)
    .values({ mobile, attempts: 1, lastAttemptAt: now, recentChecks: sql`array[${timestamp(now.toISOString())}]` })
    .onConflictDoUpdate(oneMoreCheck(asTimestamps(checkTimesAt(now))))
    .returning({ attempts: loginAttempts.attempts });
  if (!row) throw new Error('login attempt reservation returned no row');
  return row.attempts;
}

/**
 * The member holding the mobile, and one password check reserved for it as `reserveAttempt`
 * reserves one, in one statement: login's first round trip. Null, with nothing counted, when no
 * member holds the mobile.
 */
export async function reserveAttemptOfHolder(
  db: Db,
  mobile: string,
  now: Date,
): Promise<{ member: Member; attempt: number } | null> {
  const [row] = await holderWithReservedCheck(db).execute({ mobile, ...checkTimesAt(now) });
  return row ? { member: row.holder, attempt: row.reserved.attempts } : null;
}

// Every login starts here, so it is prepared, with placeholders for the mobile and the moments.
const holderWithReservedCheck = preparedPerDatabase((db) => {
  const mobile = sql.placeholder('mobile');
  const times = asTimestamps({
    now: sql.placeholder('now'),
    quietSince: sql.placeholder('quietSince'),
    lockEnds: sql.placeholder('lockEnds'),
  });
  const holder = db.$with('holder').as(memberHoldingMobile(db, mobile, times.now));
  // A row to count only when the mobile has a holder; the columns in the table's order.
  const reserved = db
    .$with('reserved')
    .as(
      db
        .insert(loginAttempts)
        .select(sql`select ${mobile}, 1, ${times.now}, null::timestamptz, array[${times.now}] from ${holder}`)
        .onConflictDoUpdate(oneMoreCheck(times))
        .returning({ attempts: loginAttempts.attempts }),
    );
  return db
    .with(holder, reserved)
    .select()
    .from(holder)
    .innerJoin(reserved, sql`true`)
    .prepare('login_holder_with_reserved_check');
});

/**
 * One more check on a mobile's existing row, as `reserveAttempt` describes: locked, it counts past
 * the limit; a lock that has ended starts afresh; else the checks still within the window, and
 * this one, are the count, and the one that makes it the limit locks.
 */
function oneMoreCheck({ now, quietSince, lockEnds }: CheckTimes<SQL>) {
  const locked = sql`(${loginAttempts.lockedUntil} > ${now})`;
  const lockEnded = sql`(${loginAttempts.lockedUntil} <= ${now})`;
  const withinWindow = sql`array_append(array(select checked from unnest(${loginAttempts.recentChecks}) as checked where checked > ${quietSince}), ${now})`;
  const count = sql`cardinality(${withinWindow})`;
  return {
    target: loginAttempts.mobile,
    set: {
      attempts: sql`case when ${locked} then ${loginAttempts.attempts} + 1 when ${lockEnded} then 1 else ${count} end`,
      lockedUntil: sql`case when ${locked} then ${loginAttempts.lockedUntil} when ${lockEnded} then null when ${count} >= ${LIMITS.lockoutFailures} then ${lockEnds} else null end`,
      recentChecks: sql`case when ${locked} then ${loginAttempts.recentChecks} when ${lockEnded} then array[${now}] else ${withinWindow} end`,
      lastAttemptAt: now,
    },
  };
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
    .set({ attempts: 0, lockedUntil: null, recentChecks: sql`'{}'` })
    .where(
      and(eq(loginAttempts.mobile, mobile), or(gt(loginAttempts.attempts, 0), isNotNull(loginAttempts.lockedUntil))),
    );
