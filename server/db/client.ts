import type { Database, OpenDatabaseOptions } from './database';

export type { Database, Db, OpenDatabaseOptions } from './database';
export { DatabaseLockedError } from './directory-lock';

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  // Only the driver in use is loaded: the other one's code never costs start time or memory.
  if (options.databaseUrl) return (await import('./postgres')).openPostgres(options.databaseUrl, options.waits);
  return (await import('./pglite')).openPglite(options.dataDir ?? null);
}
