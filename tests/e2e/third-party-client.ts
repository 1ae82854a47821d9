import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** `npm run oauth:add-client` as an operator runs it, before the server holds the data directory. */
export async function addOAuthClient(dataDir: string, name: string, redirectUri: string): Promise<ClientCredentials> {
  const { stdout } = await run(TSX, ['server/cli/add-oauth-client.ts', '--name', name, '--redirect-uri', redirectUri], {
    env: { ...process.env, DATA_DIR: join(dataDir, 'db'), NODE_ENV: 'test' },
  });
  const clientId = /^client_id：\s*(\S+)$/m.exec(stdout)?.[1];
  const clientSecret = /^client_secret：\s*(\S+)$/m.exec(stdout)?.[1];
  if (!clientId || !clientSecret) throw new Error(`oauth:add-client printed no credentials:\n${stdout}`);
  return { clientId, clientSecret };
}

export interface TokenAnswer {
  rcrm: { RC: string; RM: string };
  results: { member_profile?: Record<string, unknown> };
}

/** What the client's callback saw: the query it got and the member server's answer to the exchange. */
export interface Callback {
  code: string;
  state: string;
  stateKnown: boolean;
  answer: TokenAnswer;
}

/**
 * A third-party web site with a back end, as a brand's partner would build it: `/start` begins
 * the hop (PKCE S256) and sends the browser to authorize_url; `/callback` checks the state and
 * exchanges the code for the member's profile, server to server.
 */
export class ThirdPartyClient {
  readonly callbacks: Callback[] = [];
  private readonly verifiers = new Map<string, string>();
  private server: Server | null = null;
  private port = 0;
  credentials: ClientCredentials = { clientId: '', clientSecret: '' };
  memberServerUrl = '';

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get redirectUri(): string {
    return `${this.origin}/callback`;
  }

  async listen(): Promise<void> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (typeof address !== 'object' || !address) throw new Error('the client has no port');
    this.port = address.port;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The client's own server-to-server call. */
  async post(path: string, body: Record<string, unknown>): Promise<TokenAnswer & { results: Record<string, unknown> }> {
    const response = await fetch(`${this.memberServerUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.json();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    if (url.pathname === '/start') return this.start(response);
    if (url.pathname === '/callback') return this.callback(url, response);
    response.writeHead(404).end();
  }

  private async start(response: ServerResponse): Promise<void> {
    const state = randomBytes(16).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    this.verifiers.set(state, verifier);
    const answer = await this.post('/oauth/request', {
      client_id: this.credentials.clientId,
      client_secret: this.credentials.clientSecret,
      redirect_uri: this.redirectUri,
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const authorizeUrl = answer.results.authorize_url;
    if (answer.rcrm.RC !== 'C01' || typeof authorizeUrl !== 'string') throw new Error(JSON.stringify(answer));
    response.writeHead(302, { location: authorizeUrl }).end();
  }

  private async callback(url: URL, response: ServerResponse): Promise<void> {
    const code = url.searchParams.get('code') ?? '';
    const state = url.searchParams.get('state') ?? '';
    const verifier = this.verifiers.get(state);
    const answer = (await this.post('/oauth/token', {
      code,
      client_id: this.credentials.clientId,
      client_secret: this.credentials.clientSecret,
      code_verifier: verifier,
    })) as TokenAnswer;
    this.callbacks.push({ code, state, stateKnown: verifier !== undefined, answer });
    const profile = answer.results.member_profile;
    const greeting = profile ? `歡迎，${String(profile.name)}` : `登入失敗：${answer.rcrm.RM}`;
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="zh-TW"><meta name="viewport" content="width=device-width">` +
          `<title>好鄰居商城</title><body style="font-family:sans-serif;padding:24px">` +
          `<h1>${escapeHtml(greeting)}</h1><p>已透過會員中心登入好鄰居商城。</p></body></html>`,
      );
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
