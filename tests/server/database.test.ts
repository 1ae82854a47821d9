import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from '../../server/db/client';
import { ecMembers } from '../../server/db/schema';
import { createEmptyPostgresDatabase, rowCounts } from './helpers/database';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'member-db-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('opens PGlite in memory with every table migrated when given nothing', async () => {
    const database = await openDatabase({});
    expect(database.kind).toBe('pglite');
    const counts = await rowCounts(database.db);
    expect(Object.keys(counts)).toEqual(
      expect.arrayContaining(['members', 'memberTokens', 'loginAttempts', 'ecMembers', 'oauthClients', 'oauthCodes']),
    );
    // Each table answers, and is empty.
    expect(counts).toEqual(Object.fromEntries(Object.keys(counts).map((table) => [table, 0])));
    await database.close();
  });

  it('keeps PGlite data in the directory across restarts', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    await first.db.insert(ecMembers).values({ phone: '0911111111' });
    await first.close();
    const second = await openDatabase({ dataDir });
    expect(await second.db.select({ phone: ecMembers.phone }).from(ecMembers)).toEqual([{ phone: '0911111111' }]);
    await second.close();
  });

  it('refuses a PGlite directory another live process holds, naming it and the pid', async () => {
    const dataDir = tempDir();
    const holder = await openDatabase({ dataDir });
    const refusal = await openDatabase({ dataDir }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DatabaseLockedError);
    expect((refusal as DatabaseLockedError).pid).toBe(process.pid);
    expect((refusal as Error).message).toContain(dataDir);
    expect((refusal as Error).message).toContain(String(process.pid));
    await holder.close();
    const next = await openDatabase({ dataDir });
    await next.close();
  });

  it('takes over a lock left by a process that died', async () => {
    const dataDir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', '']);
    const lockFile = join(dataDir, 'pglite.lock');
    writeFileSync(lockFile, `${dead.pid}\n`);
    const database = await openDatabase({ dataDir });
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    await database.close();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'migrates a new PostgreSQL database from several processes at once',
    async () => {
      const fresh = await createEmptyPostgresDatabase(process.env.DATABASE_URL ?? '');
      const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.url })));
      for (const database of opened) {
        expect(database.kind).toBe('postgres');
        expect(await rowCounts(database.db)).toMatchObject({ members: 0 });
      }
      await Promise.all(opened.map((database) => database.close()));
      await fresh.drop();
    },
  );
});
