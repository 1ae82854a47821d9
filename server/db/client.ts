import { retryingTransactions } from './conflicts';
import type { Database, OpenDatabaseOptions } from './database';

export type { Database, Db, OpenDatabaseOptions } from './database';
export { DatabaseLockedError } from './directory-lock';
export { DatabaseCreationInterruptedError } from './pglite-directory';
export { DatabaseUnreachableError, postgresTarget } from './unreachable';

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = await openDriver(options);
  // A transaction that PostgreSQL ends for a deadlock is tried again rather than answered as an
  // error (server/db/conflicts.ts). PGlite's one connection never meets one; it goes the same way.
  retryingTransactions(database.db);
  return database;
}

function openDriver(options: OpenDatabaseOptions): Promise<Database> {
  // Only the driver in use is loaded: the other one's code never costs start time or memory.
  if (options.databaseUrl)
    return import('./postgres').then((driver) => driver.openPostgres(options.databaseUrl as string, options.waits));
  return import('./pglite').then((driver) => driver.openPglite(options.dataDir ?? null));
}
