import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { lockDirectory } from '../../server/db/directory-lock';
import { ecMembers, members } from '../../server/db/schema';
import { verifyPassword } from '../../server/lib/passwords';
import type { CsvRecord } from '../../server/modules/members-import/csv';
import { importMembers } from '../../server/modules/members-import/service';
import { createTestDatabase, emptyTables, type TestDatabase } from './helpers/database';

const run = promisify(execFile);
const NOW = new Date('2026-01-01T00:00:00Z');

async function* records(csv: string): AsyncGenerator<CsvRecord> {
  const lines = csv.trim().split('\n');
  for (const [i, line] of lines.entries()) yield { line: i + 1, fields: line.split(',') };
}

const CSV = `mobile,name,birthday,gender,email
0911000001,林舊會員,1980/12/01,F,a@example.com
0911000002,王小明,19750304,M,
0911000003,壞<名字>,19750304,,
0911000004,沒生日,,,
0911000001,重複,19801201,,`;

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());
beforeEach(() => emptyTables(testDb.database.db));

describe('importing legacy members', () => {
  it('creates members whose first password is the birthday, flagged to change it', async () => {
    const summary = await importMembers(testDb.database.db, records(CSV), { ec: false, now: NOW });
    expect(summary).toMatchObject({ read: 5, imported: 2, existing: 0 });
    expect(summary.bad).toEqual([
      { line: 4, reason: 'name: 姓名不可包含特殊字元' },
      { line: 5, reason: 'birthday: required (it is the first password)' },
      { line: 6, reason: 'mobile: repeats line 2' },
    ]);
    const [member] = await testDb.database.db.select().from(members).where(eq(members.mobile, '0911000001'));
    expect(member).toMatchObject({ name: '林舊會員', gender: 'F', birthday: '1980-12-01', mustChangePassword: true });
    expect(member?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(member?.passwordHash ?? '', '19801201')).toBe(true);
    expect(member?.referralCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('changes nothing when the same file is imported again', async () => {
    await importMembers(testDb.database.db, records(CSV), { ec: false, now: NOW });
    const before = await testDb.database.db.select().from(members).orderBy(members.mobile);
    const again = await importMembers(testDb.database.db, records(CSV), { ec: false, now: new Date() });
    expect(again).toMatchObject({ imported: 0, existing: 2 });
    expect(await testDb.database.db.select().from(members).orderBy(members.mobile)).toEqual(before);
  });

  it('fills the e-commerce list with --ec, where a birthday is optional', async () => {
    const summary = await importMembers(testDb.database.db, records(CSV), { ec: true, now: NOW });
    expect(summary).toMatchObject({ imported: 3, existing: 0 });
    const phones = await testDb.database.db.select({ phone: ecMembers.phone }).from(ecMembers).orderBy(ecMembers.phone);
    expect(phones.map((row) => row.phone)).toEqual(['0911000001', '0911000002', '0911000004']);
    expect((await testDb.database.db.select().from(members)).length).toBe(0);
  });
});

describe('npm run members:import', () => {
  const dir = mkdtempSync(join(tmpdir(), 'member-import-'));
  const file = join(dir, 'members.csv');
  const env = () => {
    const { DATABASE_URL: _onlyPglite, ...rest } = process.env;
    return { ...rest, DATA_DIR: join(dir, 'data') };
  };
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'server/cli/import-members.ts', ...args], { env: env() });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports into a fresh data directory, reports bad rows by line, and is idempotent', async () => {
    writeFileSync(file, `${CSV}\n`);
    const first = await cli(file);
    expect(first.stdout).toContain('line 4: skipped, name: 姓名不可包含特殊字元');
    expect(first.stdout).toContain('imported 2 members, 0 already present (unchanged), 3 bad rows skipped');
    const second = await cli(file);
    expect(second.stdout).toContain('imported 0 members, 2 already present (unchanged), 3 bad rows skipped');
    const database = await openDatabase({ dataDir: join(dir, 'data') });
    try {
      expect((await database.db.select().from(members)).length).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('reports a bad row after a quoted field of several lines by the line it starts on', async () => {
    const exported = join(dir, 'export.csv');
    writeFileSync(
      exported,
      '\uFEFFmobile,name,birthday,gender,email\r\n0922000001,"林\r\n舊會員",19801201,F,\r\n' +
        '0922000002,王小明,19750304,M,\r\n0922000003,壞<名字>,19750304,,\r\n',
    );
    const { stdout } = await cli(exported, '--ec');
    expect(stdout).toMatch(/^line 2: skipped, name: /m);
    expect(stdout).toContain('line 5: skipped, name: 姓名不可包含特殊字元');
    expect(stdout).toContain('read 3 rows');
    expect(stdout).toContain('imported 1 e-commerce members, 0 already present (unchanged), 2 bad rows skipped');
  });

  it('shows progress on a pipe as a plain line at each tenth of a long file', async () => {
    const long = join(dir, 'long.csv');
    const rows = Array.from({ length: 2_000 }, (_, i) => `09${30_000_000 + i},會員${i},,,`);
    writeFileSync(long, `mobile,name,birthday,gender,email\n${rows.join('\n')}\n`);
    const { stderr } = await cli(long, '--ec');
    const withoutRates = stderr.trim().replace(/, \d+\/s$/gm, '');
    expect(withoutRates.split('\n')).toEqual([
      'progress: 500/2001 rows (20%)',
      'progress: 1000/2001 rows (40%)',
      'progress: 1500/2001 rows (70%)',
      'progress: 2000/2001 rows (90%)',
      'progress: 2001/2001 rows (100%)',
    ]);
  });

  it('refuses a data directory that a running process holds', async () => {
    const release = lockDirectory(join(dir, 'data'), join(dir, 'data', 'pglite.lock'));
    try {
      const failure = await cli(file).catch((error: { code: number; stderr: string }) => error);
      expect(failure).toMatchObject({ code: 1 });
      expect((failure as { stderr: string }).stderr).toContain('Stop the server that uses this data directory');
    } finally {
      release();
    }
  });

  it('explains its usage', async () => {
    const failure = await cli().catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run members:import') });
  });
});
