// npm run oauth:add-client -- --name NAME --redirect-uri URI [--redirect-uri URI]
// Registers a third-party OAuth client and prints its client_id and client_secret. The secret
// is shown this once: only its SHA-256 is stored.
import { parseArgs } from 'node:util';
import { clientNameProblem, redirectUriProblem, registerClient } from '../modules/oauth/service';
import { openCliDatabase, runCli } from './run';

const USAGE = 'usage: npm run oauth:add-client -- --name NAME --redirect-uri URI [--redirect-uri URI]';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function readArguments(): { name: string; redirectUris: string[] } | { problems: string[] } {
  let values: { name?: string; 'redirect-uri'?: string[] };
  try {
    ({ values } = parseArgs({
      options: { name: { type: 'string' }, 'redirect-uri': { type: 'string', multiple: true } },
      allowPositionals: false,
    }));
  } catch (error) {
    return { problems: [error instanceof Error ? error.message : String(error)] };
  }
  const name = values.name ?? '';
  const redirectUris = values['redirect-uri'] ?? [];
  const problems: string[] = [];
  const nameProblem = clientNameProblem(name);
  if (nameProblem) problems.push(`--name: ${nameProblem}`);
  if (redirectUris.length === 0) problems.push('--redirect-uri: at least one is required');
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) problems.push(`--redirect-uri ${uri}: ${problem}`);
  }
  return problems.length > 0 ? { problems } : { name: name.trim(), redirectUris: [...new Set(redirectUris)] };
}

async function main(): Promise<number> {
  const input = readArguments();
  if ('problems' in input) {
    for (const problem of input.problems) console.error(`oauth:add-client: ${problem}`);
    console.error(USAGE);
    return 2;
  }
  const database = await openCliDatabase();
  try {
    const client = await registerClient(database.db, input, new Date());
    console.log(`OAuth client "${input.name}" registered.`);
    console.log(`client_id:     ${client.clientId}`);
    console.log(`client_secret: ${client.clientSecret}`);
    console.log('The secret is shown only this once (the server keeps only its hash): store it in the client now.');
    console.log('redirect URIs (exact match):');
    for (const uri of input.redirectUris) {
      const url = new URL(uri);
      const plainHttp = url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname);
      console.log(
        `  ${uri}${plainHttp ? '  (warning: plain http outside this machine; use https in production)' : ''}`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCli('oauth:add-client', 'add the client', main);
