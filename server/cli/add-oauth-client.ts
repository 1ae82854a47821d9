// npm run oauth:add-client -- --name NAME --redirect-uri URI [--redirect-uri URI]
// Registers a third-party OAuth client and prints its client_id and client_secret. The secret
// is shown this once: only its SHA-256 is stored. oauth-clients.ts lists, revokes and renews them.
import { clientNameProblem, liveClientsNamed, redirectUriProblem, registerClient } from '../modules/oauth/service';
import { openCliDatabase, readOptions, runCli } from './run';

const NAME = 'oauth:add-client';
const USAGE = '用法：npm run oauth:add-client -- --name 名稱 --redirect-uri 網址 [--redirect-uri 網址]';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function readArguments(): { name: string; redirectUris: string[] } | { problems: string[] } {
  const options = readOptions(process.argv.slice(2), ['name', 'redirect-uri'], ['redirect-uri']);
  if ('problem' in options) return { problems: [options.problem] };
  const name = options.values.name?.[0] ?? '';
  const redirectUris = options.values['redirect-uri'] ?? [];
  const problems: string[] = [];
  const nameProblem = clientNameProblem(name);
  if (nameProblem) problems.push(`--name ${nameProblem}`);
  if (redirectUris.length === 0) problems.push('--redirect-uri 至少須有一個');
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) problems.push(`--redirect-uri ${uri}：${problem}`);
  }
  return problems.length > 0 ? { problems } : { name: name.trim(), redirectUris: [...new Set(redirectUris)] };
}

/** What the operator may not have meant by a URI that is accepted as it is. */
function uriNote(uri: string): string {
  const url = new URL(uri);
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname))
    return '  （注意：這是本機以外的 http 網址，正式環境請改用 https）';
  if (uri.includes('*')) return '  （注意：* 只代表字元 * 本身，不是萬用字元；網址須完全相符）';
  return '';
}

async function main(): Promise<number> {
  const input = readArguments();
  if ('problems' in input) {
    for (const problem of input.problems) console.error(`${NAME}：${problem}`);
    console.error(USAGE);
    return 2;
  }
  const database = await openCliDatabase();
  try {
    const sameName = await liveClientsNamed(database.db, input.name);
    const client = await registerClient(database.db, input, new Date());
    console.log(`已新增 OAuth 用戶端「${input.name}」。`);
    console.log(`client_id：     ${client.clientId}`);
    console.log(`client_secret： ${client.clientSecret}`);
    console.log('client_secret 只顯示這一次（伺服器只保存雜湊值），請立即交給合作夥伴設定。');
    console.log('導回網址（須完全相符）：');
    for (const uri of input.redirectUris) console.log(`  ${uri}${uriNote(uri)}`);
    for (const id of sameName) {
      console.log(`注意：使用中的 OAuth 用戶端 ${id} 也叫「${input.name}」，會員在授權頁面上分不出兩者。`);
    }
    if (sameName.length > 0) {
      console.log('若是重複新增，請停用多出來的那一個：npm run oauth:revoke-client -- --id client_id');
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCli(NAME, '新增用戶端', main);
