import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// Every operator command opens the database through server/cli/run.ts; the import speaks for them all.

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'member-import-database-'));
const file = join(dir, 'members.csv');
writeFileSync(file, 'mobile,name,birthday,gender,email\n0912000001,王小明,,,\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Outcome = { code: number; stdout: string; stderr: string };

function importingInto(databaseUrl: string): Promise<Outcome> {
  return run(process.execPath, ['--import', 'tsx', 'server/cli/import-members.ts', file, '--ec'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: join(dir, 'data') },
  }).then(
    (done) => ({ code: 0, ...done }),
    (failure: Outcome) => failure,
  );
}

describe('the database an operator command writes to', () => {
  it('is named first as PostgreSQL host and database, never with the password, and one it cannot reach is told in zh-TW', async () => {
    // Nothing listens on port 1: the command names the database, then fails to reach it.
    const outcome = await importingInto('postgres://member:s3cret-pw@127.0.0.1:1/loyalty');
    expect(outcome).toMatchObject({ code: 1, stdout: '' });
    expect(outcome.stderr.split('\n')).toEqual([
      '資料庫：PostgreSQL（127.0.0.1:1/loyalty）',
      'members:import：無法連線資料庫 PostgreSQL（127.0.0.1:1/loyalty）：這個位址與連接埠沒有程式在接受連線。' +
        '請確認 PostgreSQL 已啟動，以及 DATABASE_URL 的主機與連接埠（ECONNREFUSED）。',
      '',
    ]);
  });

  it.each([
    ['no postgres:// at its start', 'database', 'DATABASE_URL：須為 postgres:// 連線字串'],
    [
      'a character that breaks the address',
      'postgres://member:p#w@db.example/loyalty',
      'DATABASE_URL：無法解析為網址：使用者名稱或密碼中的 #、/、?、% 須寫成 %XX（如 # 寫成 %23）',
    ],
  ])('is refused in zh-TW when DATABASE_URL has %s', async (_, url, problem) => {
    const outcome = await importingInto(url);
    expect(outcome).toMatchObject({ code: 1, stdout: '' });
    expect(outcome.stderr).toContain(`members:import：`);
    expect(outcome.stderr).toContain(problem);
    expect(outcome.stderr).not.toContain('ENOTFOUND');
    expect(outcome.stderr).not.toContain('p#w');
  });
});
