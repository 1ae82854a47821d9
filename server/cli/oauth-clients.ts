// npm run oauth:list-clients                      lists the partners' clients (never their secrets)
// npm run oauth:revoke-client -- --id CLIENT_ID    stops a client at once, for good
// npm run oauth:rotate-secret -- --id CLIENT_ID    gives a client a new secret, shown once
// Clients are added with npm run oauth:add-client (add-oauth-client.ts).
import { taipeiTimestamp } from '#protocol';
import { listClients, replaceClientSecret, revokeClient } from '../modules/oauth/service';
import { openCliDatabase, readOptions, refusalOf, revokedState, runCli } from './run';

const COMMANDS = {
  list: { name: 'oauth:list-clients', usage: 'npm run oauth:list-clients', action: '列出用戶端' },
  revoke: {
    name: 'oauth:revoke-client',
    usage: 'npm run oauth:revoke-client -- --id client_id',
    action: '停用用戶端',
  },
  'rotate-secret': {
    name: 'oauth:rotate-secret',
    usage: 'npm run oauth:rotate-secret -- --id client_id',
    action: '更換 client_secret',
  },
} as const;
type Command = keyof typeof COMMANDS;

const CLIENT_ID = /^[A-Za-z0-9_-]{22}$/;
const UNKNOWN = (id: string) => `沒有 OAuth 用戶端 ${id}（oauth:list-clients 可查）`;

/**
 * A client_id is Base64url, so one in 64 begins with '-', and `parseArgs` takes `--id -AbC…` for
 * an --id without its value. A client_id right after --id can only be its value.
 */
function withIdsJoined(args: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i + 1];
    if (args[i] === '--id' && value !== undefined && CLIENT_ID.test(value)) {
      joined.push(`--id=${value}`);
      i += 1;
    } else {
      joined.push(args[i] ?? '');
    }
  }
  return joined;
}

type Db = Awaited<ReturnType<typeof openCliDatabase>>['db'];

async function run(command: Command, args: string[]): Promise<number> {
  const { name: commandName, usage } = COMMANDS[command];
  const refuse = refusalOf(commandName, usage);
  const options = readOptions(withIdsJoined(args), command === 'list' ? [] : ['id']);
  if ('problem' in options) return refuse(options.problem);
  const id = options.values.id?.[0] ?? '';
  if (command !== 'list' && !CLIENT_ID.test(id)) return refuse('--id 須為 client_id（oauth:list-clients 可查）');
  const database = await openCliDatabase();
  try {
    if (command === 'list') return await list(database.db);
    if (command === 'revoke') return await revoke(database.db, id);
    return await rotateSecret(database.db, id);
  } finally {
    await database.close();
  }
}

async function list(db: Db): Promise<number> {
  const clients = await listClients(db);
  if (clients.length === 0) {
    console.log('尚無 OAuth 用戶端。新增：npm run oauth:add-client -- --name 名稱 --redirect-uri 網址');
    return 0;
  }
  for (const client of clients) {
    console.log(
      `${client.clientId}  ${client.name}  新增於 ${taipeiTimestamp(client.createdAt)}  ${revokedState(client.revokedAt)}`,
    );
    for (const uri of client.redirectUris) console.log(`  導回網址：${uri}`);
  }
  return 0;
}

async function revoke(db: Db, id: string): Promise<number> {
  const outcome = await revokeClient(db, id, new Date());
  if (outcome.result === 'unknown') return fail('revoke', UNKNOWN(id));
  if (outcome.result === 'revoked-already') {
    const at = taipeiTimestamp(outcome.revokedAt);
    return fail('revoke', `OAuth 用戶端「${outcome.name}」（${id}）已於 ${at} 停用，不需再停用。`);
  }
  console.log(`已停用 OAuth 用戶端「${outcome.name}」（${id}）。`);
  console.log('它的 client_secret、進行中的授權與尚未換取的授權碼立即失效，所有伺服器都會拒絕；');
  console.log('合作夥伴先前已取得的會員資料無法收回。停用後不能恢復，需要時請重新新增用戶端。');
  return 0;
}

async function rotateSecret(db: Db, id: string): Promise<number> {
  const outcome = await replaceClientSecret(db, id);
  if (outcome.result === 'unknown') return fail('rotate-secret', UNKNOWN(id));
  if (outcome.result === 'revoked-already') {
    return fail('rotate-secret', `OAuth 用戶端「${outcome.name}」（${id}）已停用，不能更換 client_secret。`);
  }
  console.log(`已更換 OAuth 用戶端「${outcome.name}」的 client_secret。`);
  console.log(`client_id：     ${id}`);
  console.log(`client_secret： ${outcome.clientSecret}`);
  console.log(
    'client_secret 只顯示這一次（伺服器只保存雜湊值），請立即交給合作夥伴設定；舊的 client_secret 已立即失效。',
  );
  return 0;
}

/** A client that cannot be acted on: said plainly, exit code 1, as pos:revoke-terminal does. */
function fail(command: Command, problem: string): number {
  console.error(`${COMMANDS[command].name}：${problem}`);
  return 1;
}

const [command, ...args] = process.argv.slice(2);
if (command === 'list' || command === 'revoke' || command === 'rotate-secret') {
  runCli(COMMANDS[command].name, COMMANDS[command].action, () => run(command, args));
} else {
  console.error('用法：npm run oauth:list-clients | oauth:revoke-client | oauth:rotate-secret');
  process.exit(2);
}
