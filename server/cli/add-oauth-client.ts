// npm run oauth:add-client -- --name NAME --redirect-uri URI [--redirect-uri URI]
// Registers a third-party OAuth client and prints its client_id and client_secret. The secret
// is shown this once: only its SHA-256 is stored.
import { parseArgs } from 'node:util';
import { clientNameProblem, redirectUriProblem, registerClient } from '../modules/oauth/service';
import { argumentsProblem, openCliDatabase, runCli } from './run';

const NAME = 'oauth:add-client';
const USAGE = '用法：npm run oauth:add-client -- --name 名稱 --redirect-uri 網址 [--redirect-uri 網址]';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function readArguments(): { name: string; redirectUris: string[] } | { problems: string[] } {
  let values: { name?: string; 'redirect-uri'?: string[] };
  try {
    ({ values } = parseArgs({
      options: { name: { type: 'string' }, 'redirect-uri': { type: 'string', multiple: true } },
      allowPositionals: false,
    }));
  } catch (error) {
    return { problems: [argumentsProblem(error)] };
  }
  const name = values.name ?? '';
  const redirectUris = values['redirect-uri'] ?? [];
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

async function main(): Promise<number> {
  const input = readArguments();
  if ('problems' in input) {
    for (const problem of input.problems) console.error(`${NAME}：${problem}`);
    console.error(USAGE);
    return 2;
  }
  const database = await openCliDatabase();
  try {
    const client = await registerClient(database.db, input, new Date());
    console.log(`已新增 OAuth 用戶端「${input.name}」。`);
    console.log(`client_id：     ${client.clientId}`);
    console.log(`client_secret： ${client.clientSecret}`);
    console.log('client_secret 只顯示這一次（伺服器只保存雜湊值），請立即交給合作夥伴設定。');
    console.log('導回網址（須完全相符）：');
    for (const uri of input.redirectUris) {
      const url = new URL(uri);
      const plainHttp = url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname);
      console.log(`  ${uri}${plainHttp ? '  （注意：這是本機以外的 http 網址，正式環境請改用 https）' : ''}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCli(NAME, '新增用戶端', main);
