import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LINE_SOURCE, LINE_TOKEN_SOURCE, type Params } from '#protocol';
import { TEST_ENV } from './app';

/** How the fake LINE answers for one access token. */
export type LineTokenBehaviour =
  /** `heldBy`: LINE answers only once it settles, so a test can act while a call waits on LINE. */
  | { kind: 'valid'; userId: string; clientId?: string; expiresIn?: number; heldBy?: Promise<void> }
  | { kind: 'expired' }
  | { kind: 'slow' }
  | { kind: 'bad-json' }
  | { kind: 'server-error' };

export interface FakeLine {
  /** The LINE_API_BASE to give the member server. */
  url: string;
  /** Every request LINE received: path and query, and the Authorization header. */
  requests: { path: string; authorization: string | undefined }[];
  token(token: string, behaviour: LineTokenBehaviour): void;
  close(): Promise<void>;
}

/** A LINE user id as LINE makes them: U and 32 hex digits. */
export const lineUserId = (n: number): string => `U${n.toString(16).padStart(32, '0')}`;

/** The spec's bind data around a LINE access token. */
export const bindData = (lineToken: string): Params<'bindThirdParty'> => ({
  source: LINE_SOURCE,
  verify_data: { line_token: lineToken, line_token_source: LINE_TOKEN_SOURCE },
});

/**
 * A local stand-in for api.line.me on 127.0.0.1, answering `/oauth2/v2.1/verify` and `/v2/profile`
 * the way LINE does (documented shapes and errors), with per-token misbehaviour on demand.
 */
export async function startFakeLine(): Promise<FakeLine> {
  const tokens = new Map<string, LineTokenBehaviour>();
  const requests: FakeLine['requests'] = [];

  /** LINE's answer for one token at one endpoint, or null for a LINE too slow to answer at all. */
  function answerFor(isVerify: boolean, behaviour: LineTokenBehaviour | undefined): [number, unknown] | null {
    switch (behaviour?.kind) {
      case 'slow':
        return null;
      case 'bad-json':
        return [200, '{"client_id": '];
      case 'server-error':
        return [500, { message: 'Internal server error' }];
      case 'expired':
        return isVerify
          ? [400, { error: 'invalid_request', error_description: 'access token expired' }]
          : [401, { message: 'The access token expired' }];
      case 'valid':
        return isVerify
          ? [
              200,
              {
                scope: 'profile openid',
                client_id: behaviour.clientId ?? TEST_ENV.LINE_CHANNEL_ID,
                expires_in: behaviour.expiresIn ?? 2_591_659,
              },
            ]
          : [200, { userId: behaviour.userId, displayName: '測試 LINE 使用者' }];
      default:
        return isVerify
          ? [400, { error: 'invalid_request', error_description: 'invalid access token' }]
          : [401, { message: 'invalid token' }];
    }
  }

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://line.test');
    requests.push({ path: `${url.pathname}${url.search}`, authorization: request.headers.authorization });
    const isVerify = request.method === 'GET' && url.pathname === '/oauth2/v2.1/verify';
    const isProfile = request.method === 'GET' && url.pathname === '/v2/profile';
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const token = isVerify ? url.searchParams.get('access_token') : bearer;
    const answer: [number, unknown] | null =
      isVerify || isProfile ? answerFor(isVerify, token ? tokens.get(token) : undefined) : [404, {}];
    // A slow LINE never answers; the member server must give up on its own.
    if (!answer) return;
    const [status, body] = answer;
    const send = () =>
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(typeof body === 'string' ? body : JSON.stringify(body));
    const behaviour = token ? tokens.get(token) : undefined;
    if (behaviour?.kind === 'valid' && behaviour.heldBy) void behaviour.heldBy.then(send);
    else send();
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    token: (token, behaviour) => tokens.set(token, behaviour),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens: LINE is down. */
export async function deadLineUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
