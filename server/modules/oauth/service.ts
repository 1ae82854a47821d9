import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Results } from '#protocol';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { oauthClients, oauthCodes, oauthRequests } from '../../db/schema';
import { newSecret, sha256Hex } from '../../lib/secrets';
import { verifyToken } from '../tokens/service';
import { authenticateClient, isRegisteredRedirectUri } from './clients';

export { clientNameProblem, redirectUriProblem, registerClient } from './clients';
export { exchangeCode } from './exchange';

export interface HopRequest {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  state: string;
  /** S256 only; null without PKCE. */
  codeChallenge: string | null;
}

export type StartOutcome = { rc: 'C01'; randomKey: string } | { rc: 'OAUTH_CLIENT_INVALID' };

/** A client starts a consent hop: a single-use random_key for the member's browser, living 10 minutes. */
export async function startRequest(db: Db, hop: HopRequest, now: Date): Promise<StartOutcome> {
  const client = await authenticateClient(db, hop.clientId, hop.clientSecret);
  if (!client || !(await isRegisteredRedirectUri(db, client.id, hop.redirectUri)))
    return { rc: 'OAUTH_CLIENT_INVALID' };
  await pruneFinishedHops(db, now);
  const randomKey = newSecret();
  await db.insert(oauthRequests).values({
    keyHash: sha256Hex(randomKey),
    clientId: client.id,
    redirectUri: hop.redirectUri,
    state: hop.state,
    codeChallenge: hop.codeChallenge,
    codeChallengeMethod: hop.codeChallenge ? 'S256' : null,
    expiresAt: new Date(now.getTime() + LIMITS.oauthRequestMs),
    createdAt: now,
  });
  return { rc: 'C01', randomKey };
}

// A day past its expiry a hop is of no more use, not even to recognise a replayed code, so it goes.
async function pruneFinishedHops(db: Db, now: Date): Promise<void> {
  await db.delete(oauthRequests).where(lt(oauthRequests.expiresAt, new Date(now.getTime() - LIMITS.spentRecordKeepMs)));
}

const liveRequest = (randomKey: string, now: Date) =>
  and(eq(oauthRequests.keyHash, sha256Hex(randomKey)), isNull(oauthRequests.usedAt), gt(oauthRequests.expiresAt, now));

/** The client behind an unused, unexpired random_key; null for any other key. */
export async function requestInfo(
  db: Db,
  randomKey: string,
  now: Date,
): Promise<Results<'oauthInfo'>['client'] | null> {
  const [row] = await db
    .select({ name: oauthClients.name, id: oauthClients.id })
    .from(oauthRequests)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthRequests.clientId))
    .where(liveRequest(randomKey, now));
  return row ?? null;
}

export interface Consent {
  memberToken: string | null;
  randomKey: string;
  clientId: string;
  state: string;
}

export type AuthorizeOutcome =
  | { rc: 'C01'; location: string }
  | { rc: 'TOKEN_INVALID' | 'OAUTH_REQUEST_INVALID' | 'OAUTH_CLIENT_INVALID' };

/**
 * The signed-in member consents: the random_key is spent and the client's registered
 * redirect URI gets a single-use code (60 seconds) and the client's own state.
 */
export async function authorizeRequest(db: Db, consent: Consent, now: Date): Promise<AuthorizeOutcome> {
  const live = await verifyToken(db, consent.memberToken, { kind: 'member' }, now);
  if (!live) return { rc: 'TOKEN_INVALID' };
  const [request] = await db.select().from(oauthRequests).where(liveRequest(consent.randomKey, now));
  if (!request || request.clientId !== consent.clientId || request.state !== consent.state) {
    return { rc: 'OAUTH_REQUEST_INVALID' };
  }
  // The URI may have been unregistered since the hop started.
  if (!(await isRegisteredRedirectUri(db, request.clientId, request.redirectUri)))
    return { rc: 'OAUTH_CLIENT_INVALID' };
  const code = newSecret();
  const spent = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(oauthRequests)
      .set({ usedAt: now })
      .where(and(eq(oauthRequests.id, request.id), isNull(oauthRequests.usedAt)))
      .returning({ id: oauthRequests.id });
    if (!claimed) return false;
    await tx.insert(oauthCodes).values({
      codeHash: sha256Hex(code),
      requestId: request.id,
      memberId: live.memberId,
      expiresAt: new Date(now.getTime() + LIMITS.oauthCodeMs),
      createdAt: now,
    });
    return true;
  });
  if (!spent) return { rc: 'OAUTH_REQUEST_INVALID' };
  const location = new URL(request.redirectUri);
  location.searchParams.set('code', code);
  location.searchParams.set('state', request.state);
  return { rc: 'C01', location: location.toString() };
}
