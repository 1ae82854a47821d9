import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { posTerminals } from '../../server/db/schema';
import { sha256Hex } from '../../server/lib/secrets';
import { testConfig } from './helpers/app';
import { commandWorkspace } from './helpers/cli';
import { VERIFY_URL } from './helpers/member-card';

const workspace = commandWorkspace('pos-cli-');
const { withDatabase } = workspace;
const cli = workspace.command('pos-terminals.ts');
const failureOf = (args: string[]) => workspace.failureOf(cli(...args));

/** What the server answers a till presenting `apiKey` (a code that is no member's). */
const tillStatus = (apiKey: string) =>
  withDatabase(async (database) => {
    const app = await buildApp({ config: testConfig(), database, distDir: '/nonexistent-dist' });
    try {
      const response = await app.inject({
        method: 'POST',
        url: VERIFY_URL,
        headers: { authorization: `Bearer ${apiKey}` },
        payload: { code: '1234567890123456' },
      });
      return `${response.statusCode} ${response.json().rcrm.RC}`;
    } finally {
      await app.close();
    }
  });

describe('an option npm kept for itself', () => {
  // `npm run pos:add-terminal --name 信義店` without `--`: npm takes --name as its own setting
  // (npm_config_name) and passes the command nothing, which then said the name was blank.
  it('says to put -- before the options, instead of calling the name blank', async () => {
    const swallowed = workspace.command('pos-terminals.ts', { npm_config_name: '信義店 1 號機' });
    const failure = await workspace.failureOf(swallowed('add'));
    expect(failure).toMatchObject({ code: 2 });
    expect(failure?.stderr).toContain('請在選項前加上 --');
    expect(failure?.stderr).toContain('npm run pos:add-terminal -- --name');
    expect(failure?.stderr).not.toContain('名稱不可空白');
    expect(await withDatabase(({ db }) => db.select().from(posTerminals))).toEqual([]);
  });
});

describe('the store till commands', () => {
  it('add a till on a fresh data directory, print its key once, list it, and revoke it', async () => {
    const { stdout } = await cli('add', '--name', '信義店 1 號機');
    const id = /^收銀機代號：(\S+)$/m.exec(stdout)?.[1] ?? '';
    const apiKey = /^API 金鑰：\s+(\S+)$/m.exec(stdout)?.[1] ?? '';
    expect(apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stdout.split(apiKey)).toHaveLength(2);
    expect(stdout).toContain('金鑰只顯示這一次');
    const stored = await withDatabase(({ db }) => db.select().from(posTerminals));
    expect(stored).toEqual([expect.objectContaining({ id, name: '信義店 1 號機', keyHash: sha256Hex(apiKey) })]);
    expect(JSON.stringify(stored)).not.toContain(apiKey);
    expect(await tillStatus(apiKey)).toBe('200 CARD_CODE_INVALID');

    const listed = (await cli('list')).stdout;
    expect(listed).toContain(`${id}  信義店 1 號機`);
    expect(listed).toContain('使用中');
    expect(listed).not.toContain(apiKey);

    expect((await cli('revoke', '--id', id)).stdout).toContain(`已停用收銀機 ${id}`);
    expect((await cli('list')).stdout).toContain('已停用');
    expect(await tillStatus(apiKey)).toBe('401 TOKEN_INVALID');
    expect(await failureOf(['revoke', '--id', id])).toMatchObject({ code: 1 });
  });

  it.each([
    ['no name', ['add'], '--name 名稱不可空白'],
    ['a blank name', ['add', '--name', '   '], '--name 名稱不可空白'],
    ['a name over 50 characters', ['add', '--name', '店'.repeat(51)], '不可超過 50 個字'],
    ['a name with a control character', ['add', '--name', '店\u0007'], '控制字元'],
    ['an id that is no till id', ['revoke', '--id', 'abc'], '--id 須為收銀機代號'],
    ['an unknown option', ['list', '--color', 'red'], '不認得的選項 --color'],
    ['an unknown command', ['delete'], '用法'],
    ['an argument it does not take', ['list', 'all'], '多餘的參數 all'],
    ['a name given twice', ['add', '--name', '信義店', '--name', '大安店'], '選項 --name 只能給一次'],
    [
      'an id given twice',
      ['revoke', '--id', '00000000-0000-4000-8000-000000000000', '--id', 'x'],
      '選項 --id 只能給一次',
    ],
    ['an option of another command', ['list', '--name', '信義店'], '不認得的選項 --name'],
  ])('refuses %s with usage and exit code 2, storing nothing', async (_, args, problem) => {
    const before = await withDatabase(async ({ db }) => (await db.select().from(posTerminals)).length);
    const failure = await failureOf(args);
    expect(failure).toMatchObject({ code: 2 });
    expect(failure?.stderr).toContain(problem);
    expect(failure?.stderr).toContain('用法');
    expect(await withDatabase(async ({ db }) => (await db.select().from(posTerminals)).length)).toBe(before);
  });
});
