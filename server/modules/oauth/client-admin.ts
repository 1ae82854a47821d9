import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oauthClientRedirectUris, oauthClients } from '../../db/schema';
import { newSecret, sha256Hex } from '../../lib/secrets';
import { isLive } from './clients';

// What the operator's commands do with partners' clients once they are added.

/** A client as the operator's list shows it: never its secret nor the secret's hash. */
interface ListedClient {
  clientId: string;
  name: string;
  redirectUris: string[];
  createdAt: Date;
  revokedAt: Date | null;
}

/** Every client, the newest first, revoked ones too: a contract that ended is still looked up. */
export async function listClients(db: Db): Promise<ListedClient[]> {
  const clients = await db
    .select({
      clientId: oauthClients.id,
      name: oauthClients.name,
      createdAt: oauthClients.createdAt,
      revokedAt: oauthClients.revokedAt,
    })
    .from(oauthClients)
    .orderBy(desc(oauthClients.createdAt), oauthClients.id);
  const uris = await db.select().from(oauthClientRedirectUris);
  return clients.map((client) => ({
    ...client,
    redirectUris: uris
      .filter((row) => row.clientId === client.clientId)
      .map((row) => row.uri)
      .sort(),
  }));
}

/**
 * The ids of live clients already called this (letter case aside): a partner added twice looks
 * the same to the member on the consent page and to the operator in the list.
 */
export async function liveClientsNamed(db: Db, name: string): Promise<string[]> {
  const rows = await db
    .select({ id: oauthClients.id })
    .from(oauthClients)
    .where(and(sql`lower(${oauthClients.name}) = lower(${name.trim()})`, isLive));
  return rows.map((row) => row.id);
}

type NotLive = { result: 'revoked-already'; name: string; revokedAt: Date } | { result: 'unknown' };

async function whyNotLive(db: Db, clientId: string): Promise<NotLive> {
  const [client] = await db
    .select({ name: oauthClients.name, revokedAt: oauthClients.revokedAt })
    .from(oauthClients)
    .where(eq(oauthClients.id, clientId));
  return client?.revokedAt
    ? { result: 'revoked-already', name: client.name, revokedAt: client.revokedAt }
    : { result: 'unknown' };
}

/**
 * Stops a client for good: its secret, its open consent hops and the codes it was given and has
 * not exchanged are refused from the next call on, by every server process (`isLive`). Nothing
 * is deleted: what it already received is the partner's, and the list keeps the record.
 */
export async function revokeClient(
  db: Db,
  clientId: string,
  now: Date,
): Promise<{ result: 'revoked'; name: string } | NotLive> {
  const [revoked] = await db
    .update(oauthClients)
    .set({ revokedAt: now })
    .where(and(eq(oauthClients.id, clientId), isLive))
    .returning({ name: oauthClients.name });
  return revoked ? { result: 'revoked', name: revoked.name } : whyNotLive(db, clientId);
}

/**
 * A new secret for a live client, answered once; only its hash is kept, so the old secret is
 * refused from the next call on. The client's hops and codes stay: a code reaches only its
 * registered redirect URI, and exchanging it now takes the new secret.
 */
export async function replaceClientSecret(
  db: Db,
  clientId: string,
): Promise<{ result: 'replaced'; name: string; clientSecret: string } | NotLive> {
  const clientSecret = newSecret();
  const [replaced] = await db
    .update(oauthClients)
    .set({ secretHash: sha256Hex(clientSecret) })
    .where(and(eq(oauthClients.id, clientId), isLive))
    .returning({ name: oauthClients.name });
  return replaced ? { result: 'replaced', name: replaced.name, clientSecret } : whyNotLive(db, clientId);
}
