import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { members } from '../../server/db/schema';

// What the import refuses as a whole, before it opens the database: a file it cannot read as
// UTF-8 text, something that is not a file, or an option that npm kept for itself.

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'member-import-file-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => rmSync(dataDir, { recursive: true, force: true }));

type Outcome = { code: number; stdout: string; stderr: string };

function importing(args: string[], extraEnv: Record<string, string> = {}): Promise<Outcome> {
  const { DATABASE_URL: _onlyPglite, INIT_CWD: _notFromNpm, npm_config_ec: _noEc, ...rest } = process.env;
  return run(process.execPath, ['--import', 'tsx', 'server/cli/import-members.ts', ...args], {
    env: { ...rest, DATA_DIR: dataDir, ...extraEnv },
  }).then(
    (done) => ({ code: 0, ...done }),
    (failure: Outcome) => failure,
  );
}

const HEADER = 'mobile,name,birthday,gender,email\r\n';
// 王小明 and 陳美玲 as Excel in Taiwan saves them by default: Big5 (code page 950).
const BIG5_NAMES = [
  Buffer.from([0xa4, 0xfd, 0xa4, 0x70, 0xa9, 0xfa]),
  Buffer.from([0xb3, 0xaf, 0xac, 0xfc, 0xaa, 0xe2]),
];

async function namesInDatabase() {
  const database = await openDatabase({ dataDir });
  try {
    return (await database.db.select().from(members).orderBy(members.mobile)).map((member) => member.name);
  } finally {
    await database.close();
  }
}

describe('a file the import cannot read as UTF-8', () => {
  it('refuses a Big5 file before writing anything, says how to save it as UTF-8, and the UTF-8 file then imports', async () => {
    const file = join(dir, 'big5.csv');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(`${HEADER}0912000001,`),
        BIG5_NAMES[0] as Buffer,
        Buffer.from(',1990/05/12,M,\r\n0912000002,'),
        BIG5_NAMES[1] as Buffer,
        Buffer.from(',1985/01/01,F,\r\n'),
      ]),
    );
    const refused = await importing([file]);
    expect(refused).toMatchObject({ code: 3, stdout: '' });
    expect(refused.stderr).toContain(`members:import：${file} 不是 UTF-8 編碼（第 2 行起）`);
    expect(refused.stderr).toContain('Excel 請選「CSV UTF-8（逗號分隔）」');
    expect(refused.stderr).toContain('iconv -f big5 -t utf-8 原檔.csv > 新檔.csv');
    expect(refused.stderr).toContain('未匯入任何資料。');
    expect(existsSync(dataDir)).toBe(false);

    writeFileSync(file, `${HEADER}0912000001,王小明,1990/05/12,M,\r\n0912000002,陳美玲,1985/01/01,F,\r\n`);
    const fixed = await importing([file]);
    expect(fixed.stdout).toContain('匯入 2 筆會員');
    expect(await namesInDatabase()).toEqual(['王小明', '陳美玲']);
  });

  it.each([
    ['with a byte-order mark', Buffer.from(`\uFEFF${HEADER}0912000001,王小明,1990/05/12,M,\r\n`, 'utf16le')],
    ['without one', Buffer.from(`${HEADER}0912000001,王小明,1990/05/12,M,\r\n`, 'utf16le')],
  ])('refuses a UTF-16 file %s, naming UTF-16', async (_, bytes) => {
    const file = join(dir, 'utf16.csv');
    writeFileSync(file, bytes);
    const refused = await importing([file]);
    expect(refused).toMatchObject({ code: 3 });
    expect(refused.stderr).toContain(`members:import：${file} 是 UTF-16 編碼`);
    expect(refused.stderr).toContain('iconv -f utf-16 -t utf-8 原檔.csv > 新檔.csv');
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('a UTF-8 file cut short in the middle of a character', () => {
  it('is refused as a file not wholly exported or copied, not called Big5 (whose conversion would garble it)', async () => {
    const file = join(dir, 'cut.csv');
    const whole = Buffer.from(`${HEADER}0912000001,王小明,1990/05/12,M,\r\n0912000002,陳美玲`);
    // 玲 is three bytes in UTF-8: the copy stopped after the first two.
    writeFileSync(file, whole.subarray(0, whole.length - 1));
    const refused = await importing([file]);
    expect(refused).toMatchObject({ code: 3, stdout: '' });
    expect(refused.stderr).toContain(
      `members:import：${file} 在第 3 行的最後一個字中途結束：檔案可能沒有完整匯出或複製，請重新匯出後再匯入`,
    );
    expect(refused.stderr).not.toContain('Big5');
    expect(refused.stderr).toContain('未匯入任何資料。');
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('a UTF-8 file with NUL bytes in it', () => {
  it('is refused with the line that holds one, not called UTF-16 (whose advice would garble it)', async () => {
    const file = join(dir, 'padded.csv');
    writeFileSync(file, `${HEADER}0912000001,王小明,1990/05/12,M,\r\n0912000002,陳美玲\0\0\0,1985/01/01,F,\r\n`);
    const refused = await importing([file]);
    expect(refused).toMatchObject({ code: 3 });
    expect(refused.stderr).toContain(`members:import：${file} 第 3 行含有 NUL 字元`);
    expect(refused.stderr).not.toContain('UTF-16');
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('what the import is given to read', () => {
  it.each([
    ['a directory', () => dir],
    ['standard input', () => '/dev/stdin'],
  ])('refuses %s as not a file, with its usage, before opening the database', async (_, path) => {
    const refused = await importing([path()]);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toContain(
      `members:import：${path()} 不是一般檔案（目錄、裝置或管線無法匯入），請指定 CSV 檔的路徑`,
    );
    expect(refused.stderr).toContain('用法：npm run members:import');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('finds a relative path where the operator ran npm (INIT_CWD), not in the package folder', async () => {
    const operatorDir = join(dir, 'operator');
    mkdirSync(operatorDir, { recursive: true });
    writeFileSync(join(operatorDir, 'members.csv'), `${HEADER}0912000003,林舊會員,1980/12/01,F,\r\n`);
    const done = await importing(['members.csv'], { INIT_CWD: operatorDir });
    expect(done).toMatchObject({ code: 0 });
    expect(done.stdout).toContain('members.csv：');
    expect(done.stdout).toContain('匯入 1 筆會員');
  });

  it('refuses an --ec that npm took for itself (no -- before it), so no row becomes a login account', async () => {
    const file = join(dir, 'ec.csv');
    writeFileSync(file, `${HEADER}0912000004,王小明,,,\r\n`);
    const refused = await importing([file], { npm_config_ec: 'true' });
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toContain(
      'members:import：--ec 被 npm 當成了它自己的選項，沒有傳給匯入；請在檔名前加上 --：npm run members:import -- 檔案.csv --ec',
    );
    expect(existsSync(dataDir)).toBe(false);
  });
});
