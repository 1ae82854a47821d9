import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { registerClient } from '../../../server/modules/oauth/service';
import { postSigned, type TestApp } from './app';

export const REDIRECT_URI = 'https://client.example.com/oauth/callback';
export const STATE = 'xyz-state-123';

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** Registers a client as the CLI does. */
export async function addClient(
  t: TestApp,
  options: { name?: string; redirectUris?: string[] } = {},
): Promise<TestClient> {
  const redirectUris = options.redirectUris ?? [REDIRECT_URI];
  const client = await registerClient(t.db, { name: options.name ?? '好鄰居商城', redirectUris }, t.clock.now());
  return { ...client, redirectUri: redirectUris[0] ?? REDIRECT_URI };
}

/** A PKCE verifier and its S256 challenge (RFC 7636). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A server-to-server call: plain JSON, no envelope. */
export const postPlain = (
  t: TestApp,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** `POST /oauth/request` with the client's own credentials, and whatever `extra` changes. */
export const requestHop = (t: TestApp, client: TestClient, extra: Record<string, unknown> = {}) =>
  postPlain(t, '/oauth/request', {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uri: client.redirectUri,
    state: STATE,
    ...extra,
  });

/** Starts a hop and answers its random_key. */
export async function randomKeyFor(t: TestApp, client: TestClient, extra: Record<string, unknown> = {}) {
  const response = await requestHop(t, client, extra);
  const key = response.json().results?.random_key;
  if (typeof key !== 'string') throw new Error(`oauth/request failed: ${response.body}`);
  return key;
}

export const info = (t: TestApp, randomKey: unknown) =>
  postSigned(t, '/oauth/info', { request_parameter: { random_key: randomKey } });

export const authorize = (
  t: TestApp,
  token: string | null,
  params: { random_key: string; client_id: string; state?: string },
) => postSigned(t, '/oauth/authorize', { token, request_parameter: { state: STATE, ...params } });

/** Runs the member's consent and answers the code from the location. */
export async function codeFor(t: TestApp, client: TestClient, token: string, extra: Record<string, unknown> = {}) {
  const randomKey = await randomKeyFor(t, client, extra);
  const response = await authorize(t, token, { random_key: randomKey, client_id: client.clientId });
  const location = response.json().results?.location;
  if (typeof location !== 'string') throw new Error(`oauth/authorize failed: ${response.body}`);
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return code;
}

export const exchange = (t: TestApp, client: TestClient, code: string, extra: Record<string, unknown> = {}) =>
  postPlain(t, '/oauth/token', { code, client_id: client.clientId, client_secret: client.clientSecret, ...extra });
