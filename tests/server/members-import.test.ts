import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { lockDirectory } from '../../server/db/directory-lock';
import { ecMembers, members } from '../../server/db/schema';
import { verifyPassword } from '../../server/lib/passwords';
import { recordAuditEvent } from '../../server/modules/audit/service';
import { insertMember, sweepStaleRegistrations } from '../../server/modules/members/service';
import type { CsvRecord } from '../../server/modules/members-import/csv';
import { importMembers } from '../../server/modules/members-import/service';
import {
  insertEcMembers,
  movedAwayFrom,
  type PreparedMembers,
  writeMembers,
} from '../../server/modules/members-import/writes';
import { createTestDatabase, emptyTables, secondConnection, type TestDatabase } from './helpers/database';
import { until } from './helpers/server-process';

const run = promisify(execFile);
const NOW = new Date('2026-01-01T00:00:00Z');
const MINUTE = 60_000;

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
      { line: 4, reason: 'name 欄：姓名不可包含特殊字元' },
      { line: 5, reason: 'birthday 欄：必填（它是會員的第一組密碼）' },
      { line: 6, reason: 'mobile 欄：與第 2 行重複' },
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

  it('fills the e-commerce list with --ec, where a birthday is optional and the shop’s names are its own', async () => {
    const summary = await importMembers(testDb.database.db, records(CSV), { ec: true, now: NOW });
    expect(summary).toMatchObject({ imported: 4, existing: 0 });
    const phones = await testDb.database.db.select({ phone: ecMembers.phone }).from(ecMembers).orderBy(ecMembers.phone);
    expect(phones.map((row) => row.phone)).toEqual(['0911000001', '0911000002', '0911000003', '0911000004']);
    expect((await testDb.database.db.select().from(members)).length).toBe(0);
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) console.log('Two imports at once are tested on PostgreSQL only (CI sets DATABASE_URL).');

describe('two imports of overlapping files at once', () => {
  // Each batch is one INSERT of many rows; two of them that take the same mobiles in opposite
  // orders would each wait for the other's row, and PostgreSQL would end one: the command failed.
  const prepared = (mobiles: string[]): PreparedMembers => ({
    holders: { members: new Set(), registering: new Map(), lapsed: new Set(), movedAway: new Set() },
    pending: mobiles.map((mobile) => ({
      row: { mobile, name: '舊會員', birthday: '1980/12/01', gender: null, email: null },
      passwordHash: 'argon2id-of-the-birthday',
    })),
  });

  it.skipIf(!onPostgres)('both finish, each mobile imported once', async () => {
    const other = await secondConnection(testDb);
    try {
      const mobiles = Array.from({ length: 2_000 }, (_, i) => `09${String(i).padStart(8, '0')}`);
      for (let round = 0; round < 3; round++) {
        await emptyTables(testDb.database.db);
        const [forward, backward] = await Promise.all([
          writeMembers(testDb.database.db, prepared(mobiles), NOW),
          writeMembers(other.database.db, prepared([...mobiles].reverse()), NOW),
        ]);
        expect(forward.imported + backward.imported).toBe(mobiles.length);
        expect(forward.existing + backward.existing).toBe(mobiles.length);
      }
    } finally {
      await other.close();
    }
  });

  it.skipIf(!onPostgres)('both finish with --ec, each e-commerce member written once', async () => {
    const other = await secondConnection(testDb);
    try {
      const rows = prepared(Array.from({ length: 2_000 }, (_, i) => `09${String(i).padStart(8, '0')}`)).pending.map(
        ({ row }) => row,
      );
      for (let round = 0; round < 3; round++) {
        await emptyTables(testDb.database.db);
        const [forward, backward] = await Promise.all([
          insertEcMembers(testDb.database.db, rows),
          insertEcMembers(other.database.db, [...rows].reverse()),
        ]);
        expect(forward.imported + backward.imported).toBe(rows.length);
      }
    } finally {
      await other.close();
    }
  });
});

describe('the header line', () => {
  it('refuses the whole file when the header names other columns or another order', async () => {
    const moved = 'name,mobile,birthday,gender,email\n王大明,0911000001,1990/01/01,M,';
    const summary = await importMembers(testDb.database.db, records(moved), { ec: false, now: NOW });
    expect(summary.refused).toBe(
      '第一行的欄位須依序為 mobile,name,birthday,gender,email（這個檔案是 name,mobile,birthday,gender,email）',
    );
    expect(summary).toMatchObject({ imported: 0, bad: [] });
    expect(await testDb.database.db.select().from(members)).toEqual([]);
  });

  it('reads a header in any letter case or spacing, and empty columns after the last', async () => {
    const spaced = ' Mobile ,NAME,birthday , Gender,EMAIL,\n0911000001,林舊會員,1980/12/01,F,,';
    const summary = await importMembers(testDb.database.db, records(spaced), { ec: false, now: NOW });
    expect(summary).toMatchObject({ refused: null, read: 1, imported: 1, bad: [] });
  });
});

describe('a member who has since moved to another mobile', () => {
  it('is not imported again on the mobile they left: their details stay theirs, counted as already there', async () => {
    await importMembers(testDb.database.db, records(CSV), { ec: false, now: NOW });
    // As the app's mobile change does: the account moves, and the old mobile is on record.
    const db = testDb.database.db;
    const [moved] = await db
      .update(members)
      .set({ mobile: '0922000002' })
      .where(eq(members.mobile, '0911000001'))
      .returning({ id: members.id });
    await recordAuditEvent(
      db,
      {
        memberId: moved?.id ?? '',
        type: 'mobile_change',
        oldMobile: '0911000001',
        newMobile: '0922000002',
        clientAddress: '127.0.0.1',
      },
      NOW,
    );

    const again = await importMembers(db, records(CSV), { ec: false, now: new Date() });
    expect(again).toMatchObject({ imported: 0, existing: 2 });
    expect(again.movedAway).toEqual([2]);
    expect(await db.select({ id: members.id }).from(members).where(eq(members.mobile, '0911000001'))).toEqual([]);
  });

  it('is looked up by an index of the mobiles moved away from, not by reading the whole audit trail', async () => {
    const db = testDb.database.db;
    const lookup = movedAwayFrom(db, ['0911000001', '0911000002']);
    // The trail is small in a test: with sequential scans priced out, the plan shows whether an
    // index fits the lookup at all (a big trail makes the planner take it by itself).
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = (await tx.execute(sql`explain ${lookup}`)) as unknown as { rows: Record<string, unknown>[] };
      return explained.rows.map((row) => String(Object.values(row)[0])).join('\n');
    });
    expect(plan).toContain('member_audit_events_moved_away_idx');
  });
});

describe('a self-registration of a mobile in the file', () => {
  const registration = (expiresAt: Date) =>
    insertMember(
      testDb.database.db,
      { mobile: '0911000001', name: '未完成', passwordHash: 'unfinished', registrationExpiresAt: expiresAt },
      new Date(expiresAt.getTime() - 30 * MINUTE),
    );

  it('takes the place of a lapsed registration, which the housekeeping sweep then leaves alone', async () => {
    await registration(new Date(NOW.getTime() - MINUTE));
    const summary = await importMembers(testDb.database.db, records(CSV), { ec: false, now: NOW });
    expect(summary).toMatchObject({ imported: 2, existing: 0 });
    expect(await sweepStaleRegistrations(testDb.database.db, new Date(NOW.getTime() + 60 * MINUTE))).toBe(0);
    const [member] = await testDb.database.db.select().from(members).where(eq(members.mobile, '0911000001'));
    expect(member).toMatchObject({ name: '林舊會員', mustChangePassword: true, registrationExpiresAt: null });
  });

  it('leaves a registration still under way alone, reports its line, and imports the member once it lapses', async () => {
    await registration(new Date(NOW.getTime() + 10 * MINUTE));
    const summary = await importMembers(testDb.database.db, records(CSV), { ec: false, now: NOW });
    expect(summary).toMatchObject({ imported: 1, existing: 0 });
    expect(summary.bad[0]).toEqual({
      line: 2,
      reason: 'mobile 欄：此號碼的自助註冊尚未完成（2026/01/01 08:10:00 前有效），請在那之後重新匯入這個檔案',
    });
    const later = await importMembers(testDb.database.db, records(CSV), {
      ec: false,
      now: new Date(NOW.getTime() + 11 * MINUTE),
    });
    expect(later).toMatchObject({ imported: 1, existing: 1 });
    const [member] = await testDb.database.db.select().from(members).where(eq(members.mobile, '0911000001'));
    expect(member).toMatchObject({ name: '林舊會員', mustChangePassword: true });
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
  /** The command's exit code and output, whether it succeeded or not. */
  const outcome = (...args: string[]) =>
    cli(...args).then(
      (done) => ({ code: 0, ...done }),
      (failure: { code: number; stdout: string; stderr: string }) => failure,
    );
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports into a fresh data directory, reports bad rows by line, and is idempotent', async () => {
    writeFileSync(file, `${CSV}\n`);
    const first = await outcome(file);
    expect(first.stderr.split('\n')[0]).toBe(`資料庫：PGlite（${join(dir, 'data')}）`);
    expect(first.stdout).toContain('第 4 行：略過，name 欄：姓名不可包含特殊字元');
    expect(first.stdout).toContain('匯入 2 筆會員，0 筆已存在（未變更），略過 3 筆');
    const second = await outcome(file);
    expect(second.stdout).toContain('匯入 0 筆會員，2 筆已存在（未變更），略過 3 筆');
    const database = await openDatabase({ dataDir: join(dir, 'data') });
    try {
      expect((await database.db.select().from(members)).length).toBe(2);
    } finally {
      await database.close();
    }
  });

  /**
   * An import of 1,200 members into a fresh directory in its own process group, as a terminal
   * runs a command: through `npm run`, or node itself.
   */
  function startImport(name: string, { throughNpm }: { throughNpm: boolean }) {
    const many = join(dir, `${name}.csv`);
    const rows = Array.from(
      { length: 1_200 },
      (_, i) => `${String(950_000_000 + i).padStart(10, '0')},王小明,19800101,,`,
    );
    writeFileSync(many, `${rows.join('\n')}\n`);
    const dataDir = join(dir, name);
    const [command, args] = throughNpm
      ? ['npm', ['run', '--silent', 'members:import', '--', many]]
      : [process.execPath, ['--import', 'tsx', 'server/cli/import-members.ts', many]];
    const child = spawn(command, args, { env: { ...env(), DATA_DIR: dataDir }, detached: true });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const started = async () => {
      while (!output.includes('資料庫：')) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    return { child, dataDir, exited, started, output: () => output };
  }

  /** The import stopped between batches: it said so, and the database opens with whole batches only. */
  async function expectStoppedBetweenBatches(run: ReturnType<typeof startImport>) {
    expect(run.output()).toContain('匯入已中斷：已寫入的資料都完整保留；重新匯入同一個檔案即可接續');
    const database = await openDatabase({ dataDir: run.dataDir });
    try {
      const imported = (await database.db.select({ id: members.id }).from(members)).length;
      expect(imported % 500).toBe(0);
      expect(run.output()).toContain(`匯入 ${imported} 筆會員`);
    } finally {
      await database.close();
    }
  }

  // A terminal's Ctrl-C reaches every process of the command, and npm passes it on to its script
  // too; tsx's own launcher, were it between them, would kill an import busy writing a batch.
  it('stops between batches on a Ctrl-C to the whole `npm run` command', async () => {
    const run = startImport('through-npm', { throughNpm: true });
    await run.started();
    process.kill(-(run.child.pid ?? 0), 'SIGINT');
    await run.exited;
    await expectStoppedBetweenBatches(run);
  });

  it('takes two signals a moment apart (the terminal’s and npm’s) as one press', async () => {
    const run = startImport('twice', { throughNpm: false });
    await run.started();
    run.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 50));
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(3);
    await expectStoppedBetweenBatches(run);
  });

  it('stops on Ctrl-C between batches instead of dying mid-write: exit 3, and the database opens whole', async () => {
    const run = startImport('interrupted', { throughNpm: false });
    // While the fresh database is being made, before the first batch: the most fragile moment to die.
    await run.started();
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(3);
    expect(run.output()).toContain('正在停止匯入');
    await expectStoppedBetweenBatches(run);
  });

  it('stops on a Ctrl-C while a fresh database is being created: nothing half-made is left, and the next run creates it', async () => {
    const run = startImport('interrupted-creation', { throughNpm: false });
    const creating = join(run.dataDir, 'pglite.creating');
    // The child creating the database has begun: the terminal's Ctrl-C reaches it too.
    await until(() => existsSync(creating), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    process.kill(-(run.child.pid ?? 0), 'SIGINT');
    expect(await run.exited).toBe(3);
    expect(run.output()).toContain('正在停止匯入：尚未寫入任何會員（再按一次 Ctrl-C 立即結束）…');
    expect(run.output()).toContain(
      `members:import：建立 PGlite 資料庫（${join(run.dataDir, 'pglite')}）途中被中斷（SIGINT）：尚未建立，下次執行會重新建立。\n未匯入任何資料。`,
    );
    expect(run.output()).not.toContain('Command failed');
    expect(readdirSync(run.dataDir)).toEqual([]);

    const again = startImport('interrupted-creation', { throughNpm: false });
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain('匯入 1200 筆會員');
  });

  it.each([
    ['an empty file', ''],
    ['a header alone', 'mobile,name,birthday,gender,email\n'],
  ])('refuses %s with exit 3: an export that failed is not "every member imported"', async (_, text) => {
    const empty = join(dir, 'empty.csv');
    writeFileSync(empty, text);
    const result = await outcome(empty);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('members:import：檔案沒有任何資料列，請確認匯出的檔案是否完整');
    expect(result.stderr).toContain('未匯入任何資料。');
  });

  it('exits 3 when any row was skipped, and 0 only when every row is imported or already there', async () => {
    const good = join(dir, 'good.csv');
    writeFileSync(good, 'mobile,name,birthday,gender,email\n0933000001,王小明,19750304,M,\n');
    expect(await outcome(good, '--ec')).toMatchObject({ code: 0 });
    writeFileSync(good, 'mobile,name,birthday,gender,email\n0933000001,王小明,19750304,M,\n0933,王小明,,,\n');
    const skipped = await outcome(good, '--ec');
    expect(skipped).toMatchObject({ code: 3 });
    expect(skipped.stdout).toContain('匯入 0 筆電商會員，1 筆已存在（未變更），略過 1 筆');
    expect(skipped.stdout).toContain(
      '有 1 筆未匯入（原因見上方各行）；修正後重新匯入同一個檔案即可，已匯入的不會重複。',
    );
  });

  it('refuses a file whose header names other columns with exit code 3, importing nothing', async () => {
    const moved = join(dir, 'moved.csv');
    writeFileSync(moved, 'name,mobile,birthday,gender,email\n王大明,0933000003,1990/01/01,M,\n');
    const refused = await outcome(moved, '--ec');
    expect(refused).toMatchObject({ code: 3, stdout: '' });
    expect(refused.stderr).toContain(
      'members:import：第一行的欄位須依序為 mobile,name,birthday,gender,email（這個檔案是 name,mobile,birthday,gender,email）',
    );
    expect(refused.stderr).toContain('未匯入任何資料。');
  });

  it('reports a bad row after a quoted field of several lines by the line it starts on', async () => {
    const exported = join(dir, 'export.csv');
    writeFileSync(
      exported,
      '\uFEFFmobile,name,birthday,gender,email\r\n0922000001,"林\r\n舊會員",19801201,F,\r\n' +
        '0922000002,王小明,19750304,M,\r\n0922000003,壞<名字>,19750304,,\r\n',
    );
    const { stdout } = await outcome(exported);
    expect(stdout).toMatch(/^第 2 行：略過，name 欄：/m);
    expect(stdout).toContain('第 5 行：略過，name 欄：姓名不可包含特殊字元');
    expect(stdout).toContain('讀取 3 筆');
    expect(stdout).toContain('匯入 1 筆會員，0 筆已存在（未變更），略過 2 筆');
  });

  it('shows progress on a pipe as a plain line at each tenth of a long file', async () => {
    const long = join(dir, 'long.csv');
    const rows = Array.from({ length: 2_000 }, (_, i) => `09${30_000_000 + i},會員${i},,,`);
    writeFileSync(long, `mobile,name,birthday,gender,email\n${rows.join('\n')}\n`);
    const { stderr } = await cli(long, '--ec');
    const withoutRates = stderr.trim().replace(/，每秒 \d+ 行$/gm, '');
    expect(withoutRates.split('\n')).toEqual([
      `資料庫：PGlite（${join(dir, 'data')}）`,
      '進度：500/2001 行（20%）',
      '進度：1000/2001 行（40%）',
      '進度：1500/2001 行（70%）',
      '進度：2000/2001 行（90%）',
      '進度：2001/2001 行（100%）',
    ]);
  });

  it('refuses a data directory that a running process holds', async () => {
    const release = lockDirectory(join(dir, 'data'), join(dir, 'data', 'pglite.lock'));
    try {
      const failure = await cli(file).catch((error: { code: number; stderr: string }) => error);
      expect(failure).toMatchObject({ code: 1 });
      expect((failure as { stderr: string }).stderr).toContain('該程序停止後，請再重新執行匯入。');
    } finally {
      release();
    }
  });

  it('explains its usage', async () => {
    const failure = await cli().catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringContaining('用法：npm run members:import') });
  });

  it.each([
    ['an unknown option', ['--colour', 'red'], '不認得的選項 --colour'],
    ['a value for --ec', ['--ec=yes'], '選項 --ec 不需要值'],
    ['a file that is not there', ['no-such-members.csv'], '找不到檔案 no-such-members.csv'],
    ['two files', ['a.csv', 'b.csv'], '一次只能匯入一個檔案'],
  ])('refuses %s with its reason and usage, exit code 2', async (_, args, problem) => {
    const failure = await cli(...args).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain(`members:import：${problem}`);
    expect((failure as { stderr: string }).stderr).toContain('用法：npm run members:import');
  });
});
