import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The drizzle query API both drivers share. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** How long a PostgreSQL connection, statement and answer may be waited for (server/db/postgres.ts). */
export interface DatabaseWaits {
  connectMs: number;
  statementMs: number;
  answerMs: number;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string | null;
  /** Directory for PGlite files; without it and without databaseUrl, PGlite in memory. */
  dataDir?: string | null;
  /** PostgreSQL's waits; the LIMITS unless a test shortens them. */
  waits?: DatabaseWaits;
}
