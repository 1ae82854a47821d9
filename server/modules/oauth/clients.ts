import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { oauthClientRedirectUris, oauthClients } from '../../db/schema';
import { operatorNameProblem } from '../../lib/operator-names';
import { matchesHash, newSecret, sha256Hex } from '../../lib/secrets';

export type OAuthClient = typeof oauthClients.$inferSelect;

export interface NewClient {
  name: string;
  redirectUris: readonly string[];
}

/** What the operator gets once: the public id and the secret, which is never stored or shown again. */
export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
}

/**
 * Why a redirect URI cannot be registered, or null when it can: an absolute http(s) URL,
 * without a fragment (RFC 6749 3.1.2) or credentials, in its normal written form, so the
 * exact text match at request time compares what the browser will really be sent to.
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > LIMITS.oauthRedirectUriMaxLength) {
    return `不可超過 ${LIMITS.oauthRedirectUriMaxLength} 個字`;
  }
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return '須為完整網址（https:// 開頭）';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return '須為 http(s) 網址';
  if (uri.includes('#')) return '不可含 # 之後的片段';
  if (url.username || url.password) return '不可含帳號或密碼';
  // The URL parser takes `*.example.com` (and `%2A` as `*`) for a host, but no browser is ever
  // sent to one, and the match is exact text, so a pattern would never match; checked before the
  // normal form, which would otherwise suggest the `*` spelling of `%2A`.
  if (url.hostname.includes('*')) return '主機名稱不可含 *（不支援萬用字元，請逐一登記完整網址）';
  if (url.href !== uri) return `請以標準寫法 ${url.href} 登記`;
  return null;
}

/** Why a partner's client cannot be given this name, or null when it can. */
export const clientNameProblem = (name: string): string | null =>
  operatorNameProblem(name, LIMITS.oauthClientNameMaxLength);

/** Adds a client with its redirect URIs; the caller has checked them. */
export async function registerClient(db: Db, client: NewClient, now: Date): Promise<RegisteredClient> {
  const clientId = randomBytes(16).toString('base64url');
  const clientSecret = newSecret();
  await db.transaction(async (tx) => {
    await tx
      .insert(oauthClients)
      .values({ id: clientId, name: client.name.trim(), secretHash: sha256Hex(clientSecret), createdAt: now });
    const uris = [...new Set(client.redirectUris)];
    await tx.insert(oauthClientRedirectUris).values(uris.map((uri) => ({ clientId, uri })));
  });
  return { clientId, clientSecret };
}

/**
 * A client the operator has not revoked. Every check reads the database, never a copy kept in a
 * process, so a revocation or a new secret holds for every server process at once.
 */
export const isLive = isNull(oauthClients.revokedAt);

/** The live client when the id exists and the secret is its own. */
export async function authenticateClient(db: Db, clientId: string, clientSecret: string): Promise<OAuthClient | null> {
  const [client] = await db
    .select()
    .from(oauthClients)
    .where(and(eq(oauthClients.id, clientId), isLive));
  return client && matchesHash(clientSecret, client.secretHash) ? client : null;
}

/**
 * Inside the caller's transaction: whether the client is still as `authenticateClient` found it
 * (live, with the same secret). Its row then stays so until the transaction ends: the operator's
 * revocation or new secret waits for the transaction, and holds from the next call on.
 */
export async function lockClientAsChecked(tx: Db, client: OAuthClient): Promise<boolean> {
  const [unchanged] = await tx
    .select({ id: oauthClients.id })
    .from(oauthClients)
    .where(and(eq(oauthClients.id, client.id), eq(oauthClients.secretHash, client.secretHash), isLive))
    .for('share');
  return unchanged !== undefined;
}

/**
 * Exact, case-sensitive text match against the client's registered URIs; no prefixes, no
 * patterns. A revoked client has none left.
 */
export async function isRegisteredRedirectUri(db: Db, clientId: string, uri: string): Promise<boolean> {
  const [row] = await db
    .select({ uri: oauthClientRedirectUris.uri })
    .from(oauthClientRedirectUris)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthClientRedirectUris.clientId))
    .where(and(eq(oauthClientRedirectUris.clientId, clientId), eq(oauthClientRedirectUris.uri, uri), isLive));
  return row !== undefined;
}
