import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from '../../server/db/client';
import { createPgliteDirectory, holdsPgliteDatabase } from '../../server/db/pglite-directory';
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

  it('opens PGlite on disk and in memory with a 32 MB buffer cache, not PostgreSQL’s 128 MB', async () => {
    for (const options of [{ dataDir: tempDir() }, {}]) {
      const database = await openDatabase(options);
      // Both drivers answer raw SQL with `rows`; drizzle types the answer per driver.
      const shown = (await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: unknown[] };
      expect(shown.rows).toEqual([{ shared_buffers: '32MB' }]);
      await database.close();
    }
  });

  it('creates a new PGlite directory in a child process, which the server then opens as it is', async () => {
    const directory = join(tempDir(), 'pglite');
    expect(holdsPgliteDatabase(directory)).toBe(false);
    await createPgliteDirectory(directory, PGlite.defaultStartParams);
    expect(holdsPgliteDatabase(directory)).toBe(true);
  });

  it('creates beside the directory and moves the whole into place: what an interrupted creation left is replaced, never opened', async () => {
    const dataDir = tempDir();
    // Half of a creation's files, PG_VERSION among them, as a Ctrl-C at the end of one leaves them.
    mkdirSync(join(dataDir, 'pglite.creating', 'base'), { recursive: true });
    writeFileSync(join(dataDir, 'pglite.creating', 'PG_VERSION'), '17\n');
    // An empty directory, as an interrupted creation in place (before this change) left it.
    mkdirSync(join(dataDir, 'pglite'));
    const database = await openDatabase({ dataDir });
    expect(await rowCounts(database.db)).toMatchObject({ members: 0 });
    await database.close();
    expect(readdirSync(dataDir).sort()).toEqual(['pglite']);
  });

  it('refuses, naming it, a directory that holds files but no database, and leaves it as it is', async () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'pglite'));
    writeFileSync(join(dataDir, 'pglite', 'notes.txt'), 'an operator’s file');
    const refusal = await openDatabase({ dataDir }).catch((error: unknown) => error as Error);
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toBe(
      `${join(dataDir, 'pglite')} 有檔案，但不是完整的 PGlite 資料庫（沒有 PG_VERSION）：請確認其內容，移開或刪除後再啟動。`,
    );
    expect(readFileSync(join(dataDir, 'pglite', 'notes.txt'), 'utf8')).toBe('an operator’s file');
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  });

  it('says which directory could not be created when the child fails, in one line', async () => {
    const file = join(tempDir(), 'not-a-directory');
    writeFileSync(file, '');
    const failure = await createPgliteDirectory(join(file, 'pglite'), PGlite.defaultStartParams).catch(
      (error: unknown) => error as Error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain(`無法在 ${join(file, 'pglite')} 建立 PGlite 資料庫`);
    expect((failure as Error).message).toContain('ENOTDIR');
    expect((failure as Error).message).not.toContain('\n');
    expect((failure as Error).message).not.toContain('Command failed');
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
