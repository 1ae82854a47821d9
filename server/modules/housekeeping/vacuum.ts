import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { LIMITS } from '../../config';
import type { Database, Db } from '../../db/client';
import {
  identityBindings,
  loginAttempts,
  memberCardScans,
  memberCards,
  members,
  memberTokens,
  oauthCodes,
  oauthRequests,
  pendingMobileChanges,
  referrals,
  tempTokenMobiles,
  verificationCodes,
} from '../../db/schema';

/**
 * The tables the sweep deletes from, directly or by cascade, and those every sign-in, SMS code,
 * consent hop and card scan writes: where dead rows pile up and the planner's picture goes stale.
 * The others change when an operator changes them.
 */
export const VACUUMED_TABLES: readonly PgTable[] = [
  members,
  memberTokens,
  tempTokenMobiles,
  referrals,
  identityBindings,
  verificationCodes,
  pendingMobileChanges,
  loginAttempts,
  oauthRequests,
  oauthCodes,
  memberCards,
  memberCardScans,
];

/**
 * `VACUUM (ANALYZE)` of each table in turn, so that requests get the connection between them. A
 * table that fails is logged by name (never the statement) and the others still go; once
 * `signal` is aborted (the server stopping), no further table starts.
 */
export async function vacuumTables(
  db: Db,
  log: FastifyBaseLogger,
  tables: readonly PgTable[],
  signal: AbortSignal,
): Promise<void> {
  const started = performance.now();
  let vacuumed = 0;
  for (const table of tables) {
    if (signal.aborted) break;
    try {
      await db.execute(sql`vacuum (analyze) ${table}`);
      vacuumed += 1;
    } catch (error) {
      log.warn({ err: error, table: getTableName(table) }, '整理 PGlite 資料表失敗，下次再試');
    }
  }
  if (vacuumed > 0) log.info({ tables: vacuumed, ms: Math.round(performance.now() - started) }, '已整理 PGlite 資料表');
}

/**
 * What a sweep runs after its jobs: on PGlite, whose single-user PostgreSQL has no autovacuum,
 * the tables' `VACUUM (ANALYZE)` with the first sweep and then once `everyMs` has passed since
 * the last, so the space of swept rows is used again, the planner knows the tables, and old rows
 * are frozen. On PostgreSQL, nothing: autovacuum does all that, and a VACUUM there could outlast
 * the statement timeout.
 */
export function vacuumWhenDue(
  database: Database['kind'],
  db: Db,
  log: FastifyBaseLogger,
  everyMs: number = LIMITS.pgliteVacuumEveryMs,
): (now: Date, signal: AbortSignal) => Promise<void> {
  if (database !== 'pglite') return async () => {};
  let lastAt: number | undefined;
  return async (now, signal) => {
    // A clock set back (since < 0) does not put the next one off until it catches up.
    const since = lastAt === undefined ? everyMs : now.getTime() - lastAt;
    if (signal.aborted || (since >= 0 && since < everyMs)) return;
    lastAt = now.getTime();
    await vacuumTables(db, log, VACUUMED_TABLES, signal);
  };
}
