import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Results } from '#protocol';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { type BatchOptions, deleteInBatches } from '../../db/delete-in-batches';
import { oauthClients, oauthCodes, oauthRequests } from '../../db/schema';
import { newSecret, sha256Hex } from '../../lib/secrets';
import { lockMember } from '../members/service';
import { verifyToken } from '../tokens/service';
import { authenticateClient, isRegisteredRedirectUri } from './clients';

export { listClients, liveClientsNamed, replaceClientSecret, revokeClient } from './client-admin';
export { clientNameProblem, redirectUriProblem, registerClient } from './clients';
export { exchangeCode, revokeUnexchangedCodes } from './exchange';

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

/**
 * Removes the hops a day past their expiry, their codes with them: of no more use, not even to
 * recognise a replayed code. The housekeeping sweep runs it, not a partner's request: after a
 * burst of hops, one delete of them all could outlast the statement timeout and fail every hop
 * after it. Answers how many went.
 */
export function pruneFinishedHops(db: Db, now: Date, batches: BatchOptions = {}): Promise<number> {
  const expiredBefore = new Date(now.getTime() - LIMITS.spentRecordKeepMs);
  return deleteInBatches(db, oauthRequests, oauthRequests.id, lt(oauthRequests.expiresAt, expiredBefore), batches);
}

/**
 * A hop is open for its 10 minutes until its client has the member. The first consent spends the
 * key, but its answer may be lost on the way: the page opened again still names the client, and
 * the same member's consent again goes on (`authorizeRequest`). Once a code of the hop has been
 * exchanged, or revoked as replayed, the key is done.
 */
const openRequest = (randomKey: string, now: Date) =>
  and(
    eq(oauthRequests.keyHash, sha256Hex(randomKey)),
    gt(oauthRequests.expiresAt, now),
    sql`not exists (select 1 from ${oauthCodes} where ${oauthCodes.requestId} = ${oauthRequests.id}
      and (${oauthCodes.usedAt} is not null or ${oauthCodes.revokedAt} is not null))`,
  );

export type InfoOutcome =
  | { rc: 'C01'; client: Results<'oauthInfo'>['client'] }
  | { rc: 'OAUTH_REQUEST_INVALID' | 'OAUTH_CLIENT_INVALID' };

/** The client behind the random_key of an open hop; the hop of a revoked client is refused as its client is. */
export async function requestInfo(db: Db, randomKey: string, now: Date): Promise<InfoOutcome> {
  const [row] = await db
    .select({ name: oauthClients.name, id: oauthClients.id, revokedAt: oauthClients.revokedAt })
    .from(oauthRequests)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthRequests.clientId))
    .where(openRequest(randomKey, now));
  if (!row) return { rc: 'OAUTH_REQUEST_INVALID' };
  return row.revokedAt ? { rc: 'OAUTH_CLIENT_INVALID' } : { rc: 'C01', client: { name: row.name, id: row.id } };
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
 * The signed-in member consents: the random_key is spent and the client's registered redirect
 * URI gets a single-use code (60 seconds) and the client's own state. The same member asking
 * again before the client has exchanged it (the answer lost on a weak signal, the member trying
 * again) gets a new code in its place; anyone else, or anyone once the client has the member,
 * is refused. One key still gives one grant to one member.
 */
export async function authorizeRequest(db: Db, consent: Consent, now: Date): Promise<AuthorizeOutcome> {
  const live = await verifyToken(db, consent.memberToken, { kind: 'member' }, now);
  if (!live) return { rc: 'TOKEN_INVALID' };
  const [request] = await db.select().from(oauthRequests).where(openRequest(consent.randomKey, now));
  if (!request || request.clientId !== consent.clientId || request.state !== consent.state) {
    return { rc: 'OAUTH_REQUEST_INVALID' };
  }
  // The client may have been revoked, or the URI unregistered, since the hop started.
  if (!(await isRegisteredRedirectUri(db, request.clientId, request.redirectUri)))
    return { rc: 'OAUTH_CLIENT_INVALID' };
  const code = newSecret();
  const given = await giveCode(
    db,
    { requestId: request.id, memberId: live.memberId, memberToken: consent.memberToken },
    code,
    now,
  );
  if (given === 'signed out') return { rc: 'TOKEN_INVALID' };
  if (given === 'refused') return { rc: 'OAUTH_REQUEST_INVALID' };
  const location = new URL(request.redirectUri);
  location.searchParams.set('code', code);
  location.searchParams.set('state', request.state);
  return { rc: 'C01', location: location.toString() };
}

interface Grant {
  requestId: string;
  memberId: string;
  /** The session that consented, checked again in the transaction that gives the code. */
  memberToken: string | null;
}

/**
 * Spends the key and records the code, or, when the key is spent already, puts the code in place
 * of the one the same member was given, as long as the client has not exchanged that one. Each
 * step is one conditional statement, so two consents at once leave one code (the later one) and
 * a consent racing the client's exchange either replaces a code not yet exchanged or is refused.
 */
async function giveCode(db: Db, grant: Grant, code: string, now: Date): Promise<'given' | 'signed out' | 'refused'> {
  const { requestId, memberId } = grant;
  const codeHash = sha256Hex(code);
  const expiresAt = new Date(now.getTime() + LIMITS.oauthCodeMs);
  return db.transaction(async (tx) => {
    if (!(await stillSignedIn(tx, grant, now))) return 'signed out';
    const [claimed] = await tx
      .update(oauthRequests)
      .set({ usedAt: now })
      .where(and(eq(oauthRequests.id, requestId), isNull(oauthRequests.usedAt)))
      .returning({ id: oauthRequests.id });
    if (claimed) {
      await tx.insert(oauthCodes).values({ codeHash, requestId, memberId, expiresAt, createdAt: now });
      return 'given';
    }
    const [replaced] = await tx
      .update(oauthCodes)
      .set({ codeHash, expiresAt })
      .where(
        and(
          eq(oauthCodes.requestId, requestId),
          eq(oauthCodes.memberId, memberId),
          isNull(oauthCodes.usedAt),
          isNull(oauthCodes.revokedAt),
        ),
      )
      .returning({ id: oauthCodes.id });
    return replaced ? 'given' : 'refused';
  });
}

/**
 * Inside giveCode's transaction: whether the session that consented is still live. A password
 * change or reset made since `authorizeRequest` checked it has ended it, and the browser that
 * holds it must not be signed in to the partner as the member. The member's row is locked first,
 * as a new password locks it, so the two queue rather than deadlock (the code's row refers to the
 * member); the session's row is locked too, so a sign-out that comes meanwhile waits for the code.
 */
async function stillSignedIn(tx: Db, grant: Grant, now: Date): Promise<boolean> {
  if (!(await lockMember(tx, grant.memberId))) return false;
  return (await verifyToken(tx, grant.memberToken, { kind: 'member' }, now, { lock: true })) !== null;
}
