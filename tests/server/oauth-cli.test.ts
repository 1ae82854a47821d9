import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { lockDirectory } from '../../server/db/directory-lock';
import { oauthClientRedirectUris, oauthClients } from '../../server/db/schema';
import { sha256Hex } from '../../server/lib/secrets';
import { testConfig } from './helpers/app';
import { commandWorkspace } from './helpers/cli';

const workspace = commandWorkspace('oauth-cli-');
const { dataDir, withDatabase } = workspace;
const cli = workspace.command('add-oauth-client.ts');
const failureOf = (args: string[]) => workspace.failureOf(cli(...args));

const idIn = (stdout: string) => /^client_id：\s*(\S+)$/m.exec(stdout)?.[1] ?? '';

describe('npm run oauth:add-client', () => {
  it('registers the client on a fresh data directory and prints its id and secret once', async () => {
    const { stdout } = await cli(
      '--name',
      '好鄰居商城',
      '--redirect-uri',
      'https://client.example.com/cb',
      '--redirect-uri',
      'http://127.0.0.1:8080/cb',
    );
    const clientId = idIn(stdout);
    const clientSecret = /^client_secret：\s*(\S+)$/m.exec(stdout)?.[1] ?? '';
    expect(clientId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stdout.split(clientSecret)).toHaveLength(2);
    expect(stdout).toContain('已新增 OAuth 用戶端「好鄰居商城」。');
    expect(stdout).toContain('client_secret 只顯示這一次');

    const stored = await withDatabase(async ({ db }) => ({
      clients: await db.select().from(oauthClients),
      uris: await db.select().from(oauthClientRedirectUris).orderBy(oauthClientRedirectUris.uri),
    }));
    expect(stored.clients).toEqual([
      expect.objectContaining({ id: clientId, name: '好鄰居商城', secretHash: sha256Hex(clientSecret) }),
    ]);
    expect(JSON.stringify(stored)).not.toContain(clientSecret);
    expect(stored.uris.map((row) => row.uri)).toEqual(['http://127.0.0.1:8080/cb', 'https://client.example.com/cb']);

    // The printed credentials work: the server accepts them for a registered redirect URI.
    const answer = await withDatabase(async (database) => {
      const app = await buildApp({ config: testConfig(), database, distDir: '/nonexistent-dist' });
      try {
        const response = await app.inject({
          method: 'POST',
          url: '/oauth/request',
          payload: {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uri: 'http://127.0.0.1:8080/cb',
            state: 's1',
          },
        });
        return response.json();
      } finally {
        await app.close();
      }
    });
    expect(answer.rcrm.RC).toBe('C01');
    expect(answer.results.authorize_url).toContain(`client_id=${clientId}`);
  });

  it('warns about plain http outside this machine', async () => {
    const { stdout } = await cli('--name', '測試', '--redirect-uri', 'http://shop.example.com/cb');
    expect(stdout).toMatch(/http:\/\/shop\.example\.com\/cb\s+（注意：這是本機以外的 http 網址/);
  });

  it.each([
    ['no name', ['--redirect-uri', 'https://a.example.com/cb'], '--name 名稱不可空白'],
    ['no redirect URI', ['--name', '店'], '--redirect-uri 至少須有一個'],
    [
      'a name with a control character',
      ['--name', '店\u0007', '--redirect-uri', 'https://a.example.com/cb'],
      '名稱不可含控制字元',
    ],
    ['a name without its value', ['--redirect-uri', 'https://a.example.com/cb', '--name'], '選項 --name 需要一個值'],
    [
      'an ftp URI',
      ['--name', '店', '--redirect-uri', 'ftp://a.example.com/cb'],
      '--redirect-uri ftp://a.example.com/cb：須為 http(s) 網址',
    ],
    ['a relative URI', ['--name', '店', '--redirect-uri', '/relative/cb'], '須為完整網址'],
    [
      'a URI with a fragment',
      ['--name', '店', '--redirect-uri', 'https://a.example.com/cb#top'],
      '不可含 # 之後的片段',
    ],
    [
      'a URI with credentials',
      ['--name', '店', '--redirect-uri', 'https://user:pw@a.example.com/cb'],
      '不可含帳號或密碼',
    ],
    [
      'a URI not in normal form',
      ['--name', '店', '--redirect-uri', 'https://A.example.com'],
      '請以標準寫法 https://a.example.com/ 登記',
    ],
    [
      'a URI over 1024 characters',
      ['--name', '店', '--redirect-uri', `https://a.example.com/${'x'.repeat(1100)}`],
      '不可超過 1024 個字',
    ],
    ['an unknown option', ['--name', '店', '--color', 'red'], '不認得的選項 --color'],
    [
      'a second --name, which would have been kept silently',
      ['--name', '甲店', '--name', '乙店', '--redirect-uri', 'https://a.example.com/cb'],
      '選項 --name 只能給一次',
    ],
    [
      'a wildcard host, which no browser is ever sent to',
      ['--name', '店', '--redirect-uri', 'https://*.example.com/cb'],
      '--redirect-uri https://*.example.com/cb：主機名稱不可含 *',
    ],
    [
      'a wildcard host written as %2A',
      ['--name', '店', '--redirect-uri', 'https://shop%2A.example.com/cb'],
      '--redirect-uri https://shop%2A.example.com/cb：主機名稱不可含 *',
    ],
  ])('refuses %s with usage and exit code 2, storing nothing', async (_, args, problem) => {
    const before = await withDatabase(async ({ db }) => (await db.select().from(oauthClients)).length);
    const failure = await failureOf(args);
    expect(failure).toMatchObject({ code: 2 });
    expect(failure?.stderr).toContain(problem);
    expect(failure?.stderr).toContain('用法：npm run oauth:add-client');
    expect(failure?.stdout).not.toContain('client_secret');
    expect(await withDatabase(async ({ db }) => (await db.select().from(oauthClients)).length)).toBe(before);
  });

  it('notes that * elsewhere in a URI is matched as itself, not as a wildcard', async () => {
    const { stdout } = await cli('--name', '星號店', '--redirect-uri', 'https://shop.example.com/oauth/*');
    expect(stdout).toMatch(/https:\/\/shop\.example\.com\/oauth\/\*\s+（注意：\* 只代表字元 \* 本身，不是萬用字元/);
  });

  it('warns, and still adds, when a client in use already has the name; a stopped one does not count', async () => {
    const first = idIn((await cli('--name', '同名商城', '--redirect-uri', 'https://a.example.com/cb')).stdout);
    const { stdout } = await cli('--name', ' 同名商城 ', '--redirect-uri', 'https://b.example.com/cb');
    const second = idIn(stdout);
    expect(stdout).toContain('已新增 OAuth 用戶端「同名商城」。');
    expect(stdout).toContain(`注意：使用中的 OAuth 用戶端 ${first} 也叫「同名商城」`);
    const named = await withDatabase(({ db }) =>
      db.select().from(oauthClients).where(eq(oauthClients.name, '同名商城')),
    );
    expect(named.map((row) => row.id).sort()).toEqual([first, second].sort());

    const clients = workspace.command('oauth-clients.ts');
    await clients('revoke', '--id', first);
    await clients('revoke', '--id', second);
    const third = await cli('--name', '同名商城', '--redirect-uri', 'https://c.example.com/cb');
    expect(third.stdout).not.toContain('注意：使用中的 OAuth 用戶端');
  });

  it('refuses a data directory that a running server holds', async () => {
    const release = lockDirectory(dataDir, join(dataDir, 'pglite.lock'));
    try {
      const failure = await failureOf(['--name', '店', '--redirect-uri', 'https://a.example.com/cb']);
      expect(failure).toMatchObject({ code: 1 });
      expect(failure?.stderr).toContain('該程序停止後，請再重新新增用戶端。');
    } finally {
      release();
    }
  });
});
