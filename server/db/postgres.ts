import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from './database';
import { MIGRATION_LOCK_ID, MIGRATIONS_FOLDER } from './migrations-folder';
import * as schema from './schema';

export async function openPostgres(connectionString: string): Promise<Database> {
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
  return { db: drizzle(pool, { schema }), kind: 'postgres', close };
}

async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {
        broken = true;
      });
    }
  } finally {
    // A connection that could not unlock is closed, which frees the lock.
    client.release(broken);
  }
}
