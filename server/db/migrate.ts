import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Pool } from 'pg';

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

// Any fixed number shared by every process of this app: processes starting together
// over one PostgreSQL take turns, and the later ones find the migrations applied.
const MIGRATION_LOCK_ID = 7_302_451_906;

export async function migratePostgres(pool: Pool): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
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

export async function migratePgliteDatabase(client: PGlite): Promise<void> {
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
  }
}
