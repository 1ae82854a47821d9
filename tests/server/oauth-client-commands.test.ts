import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { oauthClients } from '../../server/db/schema';
import { sha256Hex } from '../../server/lib/secrets';
import { testConfig } from './helpers/app';
import { commandWorkspace } from './helpers/cli';

const workspace = commandWorkspace('oauth-clients-');
const { withDatabase } = workspace;
const addClientCommand = workspace.command('add-oauth-client.ts');
const clientsCommand = workspace.command('oauth-clients.ts');
const addClient = (args: string[]) => addClientCommand(...args);
const clients = (args: string[]) => clientsCommand(...args);
const failureOf = (args: string[]) => workspace.failureOf(clients(args));

const idIn = (stdout: string) => /^client_id：\s*(\S+)$/m.exec(stdout)?.[1] ?? '';
const secretIn = (stdout: string) => /^client_secret：\s*(\S+)$/m.exec(stdout)?.[1] ?? '';
const TIME = String.raw`\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}`;

/** What the server answers the partner starting a consent hop with these credentials. */
const hopAnswer = (clientId: string, clientSecret: string, redirectUri: string) =>
  withDatabase(async (database) => {
    const app = await buildApp({ config: testConfig(), database, distDir: '/nonexistent-dist' });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/oauth/request',
        payload: { client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUri, state: 's1' },
      });
      return response.json().rcrm.RC;
    } finally {
      await app.close();
    }
  });

describe('the OAuth client commands', () => {
  it('list every client with its redirect URIs, when it was added and whether it is in use, never a secret', async () => {
    expect((await clients(['list'])).stdout).toContain('尚無 OAuth 用戶端。新增：npm run oauth:add-client');
    const added = (
      await addClient([
        '--name',
        '好鄰居商城',
        '--redirect-uri',
        'https://shop.example.com/cb',
        '--redirect-uri',
        'https://shop.example.com/app/cb',
      ])
    ).stdout;
    const other = (await addClient(['--name', '街角書店', '--redirect-uri', 'https://books.example.com/cb'])).stdout;

    const listed = (await clients(['list'])).stdout;
    expect(listed).toMatch(new RegExp(`^${idIn(added)}  好鄰居商城  新增於 ${TIME}  使用中$`, 'm'));
    expect(listed).toMatch(new RegExp(`^${idIn(other)}  街角書店  新增於 ${TIME}  使用中$`, 'm'));
    expect(listed).toContain('  導回網址：https://shop.example.com/app/cb\n  導回網址：https://shop.example.com/cb');
    expect(listed).toContain('  導回網址：https://books.example.com/cb');
    for (const secret of [secretIn(added), secretIn(other)]) {
      expect(listed).not.toContain(secret);
      expect(listed).not.toContain(sha256Hex(secret));
    }
  });

  it('revoke-client stops a client at once, and says so when it is stopped already or unknown (exit 1)', async () => {
    const added = (await addClient(['--name', '到期夥伴', '--redirect-uri', 'https://ended.example.com/cb'])).stdout;
    const [id, secret] = [idIn(added), secretIn(added)];
    expect(await hopAnswer(id, secret, 'https://ended.example.com/cb')).toBe('C01');

    const { stdout } = await clients(['revoke', '--id', id]);
    expect(stdout).toContain(`已停用 OAuth 用戶端「到期夥伴」（${id}）`);
    expect(await hopAnswer(id, secret, 'https://ended.example.com/cb')).toBe('OAUTH_CLIENT_INVALID');
    expect((await clients(['list'])).stdout).toMatch(
      new RegExp(`^${id}  到期夥伴  新增於 ${TIME}  已停用 ${TIME}$`, 'm'),
    );

    const again = await failureOf(['revoke', '--id', id]);
    expect(again).toMatchObject({ code: 1 });
    expect(again?.stderr).toMatch(
      new RegExp(`oauth:revoke-client：OAuth 用戶端「到期夥伴」（${id}）已於 ${TIME} 停用`),
    );
    // One client_id in 64 begins with '-': it is still read as the value of --id.
    const unknownId = `-${'A'.repeat(21)}`;
    const unknown = await failureOf(['revoke', '--id', unknownId]);
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown?.stderr).toContain(`oauth:revoke-client：沒有 OAuth 用戶端 ${unknownId}（oauth:list-clients 可查）`);
  });

  it('rotate-secret prints a new secret once and keeps only its hash; the old secret is refused at once', async () => {
    const added = (await addClient(['--name', '外洩夥伴', '--redirect-uri', 'https://leak.example.com/cb'])).stdout;
    const [id, oldSecret] = [idIn(added), secretIn(added)];

    const { stdout } = await clients(['rotate-secret', '--id', id]);
    const newSecret = secretIn(stdout);
    expect(newSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecret).not.toBe(oldSecret);
    expect(stdout.split(newSecret)).toHaveLength(2);
    expect(stdout).toContain('已更換 OAuth 用戶端「外洩夥伴」的 client_secret。');
    expect(stdout).toContain(`client_id：     ${id}`);
    expect(stdout).toContain('舊的 client_secret 已立即失效');
    const [stored] = await withDatabase(({ db }) => db.select().from(oauthClients).where(eq(oauthClients.id, id)));
    expect(stored?.secretHash).toBe(sha256Hex(newSecret));
    expect(JSON.stringify(stored)).not.toContain(newSecret);

    expect(await hopAnswer(id, oldSecret, 'https://leak.example.com/cb')).toBe('OAUTH_CLIENT_INVALID');
    expect(await hopAnswer(id, newSecret, 'https://leak.example.com/cb')).toBe('C01');

    await clients(['revoke', '--id', id]);
    const stopped = await failureOf(['rotate-secret', '--id', id]);
    expect(stopped).toMatchObject({ code: 1 });
    expect(stopped?.stderr).toContain(
      `oauth:rotate-secret：OAuth 用戶端「外洩夥伴」（${id}）已停用，不能更換 client_secret`,
    );
    expect(stopped?.stdout).not.toContain('client_secret：');
    const unknown = await failureOf(['rotate-secret', '--id', 'B'.repeat(22)]);
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown?.stderr).toContain(`沒有 OAuth 用戶端 ${'B'.repeat(22)}`);
  });

  it.each([
    ['revoke without an id', ['revoke'], '--id 須為 client_id（oauth:list-clients 可查）'],
    ['an id that is no client_id', ['revoke', '--id', 'abc'], '--id 須為 client_id'],
    ['a second --id', ['revoke', '--id', 'A'.repeat(22), '--id', 'B'.repeat(22)], '選項 --id 只能給一次'],
    ['rotate-secret without an id', ['rotate-secret'], '--id 須為 client_id'],
    ['an unknown option', ['list', '--color', 'red'], '不認得的選項 --color'],
    ['an argument it does not take', ['list', 'all'], '多餘的參數 all'],
    ['an unknown command', ['delete'], '用法'],
  ])('refuses %s with usage and exit code 2, changing nothing', async (_, args, problem) => {
    const before = await withDatabase(({ db }) => db.select().from(oauthClients));
    const failure = await failureOf(args);
    expect(failure).toMatchObject({ code: 2 });
    expect(failure?.stderr).toContain(problem);
    expect(failure?.stderr).toContain('用法');
    expect(await withDatabase(({ db }) => db.select().from(oauthClients))).toEqual(before);
  });
});
