import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The drizzle query API both drivers share. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string | null;
  /** Directory for PGlite files; without it and without databaseUrl, PGlite in memory. */
  dataDir?: string | null;
}
