import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database } from './database';
import { lockDirectory } from './directory-lock';
import { MIGRATION_LOCK_ID, MIGRATIONS_FOLDER } from './migrations-folder';
import * as schema from './schema';

export async function openPglite(dataDir: string | null): Promise<Database> {
  if (!dataDir) {
    const client = await PGlite.create();
    await migratePgliteDatabase(client);
    return { db: drizzle(client, { schema }), kind: 'pglite', close: () => client.close() };
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
    return { db: drizzle(client, { schema }), kind: 'pglite', close };
  } catch (error) {
    release();
    throw error;
  }
}

async function migratePgliteDatabase(client: PGlite): Promise<void> {
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
  }
}
