import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDirectory } from './directory-lock';
import { migratePgliteDatabase, migratePostgres } from './migrate';
import * as schema from './schema';

export { DatabaseLockedError } from './directory-lock';

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

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? null);
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  let closing = false;
  // An idle connection the server dropped: the pool discards it and the next query reconnects.
  // Once closing, pool.end() has asked every connection to end without waiting for it, so a
  // connection the server terminates meanwhile is expected and not worth a word.
  pool.on('error', (error) => {
    if (!closing) console.error(`資料庫連線中斷：${error.message}`);
  });
  const close = () => {
    closing = true;
    return pool.end();
  };
  try {
    await migratePostgres(pool);
  } catch (error) {
    await close();
    throw error;
  }
  return { db: drizzleNodePg(pool, { schema }), kind: 'postgres', close };
}

async function openPglite(dataDir: string | null): Promise<Database> {
  if (!dataDir) {
    const client = await PGlite.create();
    await migratePgliteDatabase(client);
    return { db: drizzlePglite(client, { schema }), kind: 'pglite', close: () => client.close() };
  }
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true });
  const release = lockDirectory(root, join(root, 'pglite.lock'));
  try {
    const client = await PGlite.create(join(root, 'pglite'));
    try {
      await migratePgliteDatabase(client);
    } catch (error) {
      await client.close();
      throw error;
    }
    const close = async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    };
    return { db: drizzlePglite(client, { schema }), kind: 'pglite', close };
  } catch (error) {
    release();
    throw error;
  }
}
