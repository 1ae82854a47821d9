import { and, eq, isNull } from 'drizzle-orm';
import type { OAuthMemberProfile } from '#protocol';
import type { Db } from '../../db/client';
import { oauthCodes, oauthRequests } from '../../db/schema';
import { sha256Hex } from '../../lib/secrets';
import { findMemberById, type Member } from '../members/service';
import { authenticateClient, lockClientAsChecked, type OAuthClient } from './clients';
import { verifierMatches } from './secrets';

export interface Exchange {
  code: string;
  clientId: string;
  clientSecret: string;
  codeVerifier: string | null;
}

export type ExchangeOutcome =
  | { rc: 'C01'; profile: OAuthMemberProfile }
  | { rc: 'OAUTH_CLIENT_INVALID' | 'OAUTH_REQUEST_INVALID'; replayed?: boolean };

const refused = { rc: 'OAUTH_REQUEST_INVALID' } as const;

/**
 * The client trades a code for the member's profile (RFC 6749 4.1.3, RFC 7636 4.6). A code
 * works once, within 60 seconds, for the client it was issued to, with the verifier of its
 * challenge. A code presented again is refused and its grant revoked (RFC 6749 4.1.2). A code
 * the member's consent, asked again, has replaced is refused as unknown (`authorizeRequest`).
 */
export async function exchangeCode(db: Db, exchange: Exchange, now: Date): Promise<ExchangeOutcome> {
  const client = await authenticateClient(db, exchange.clientId, exchange.clientSecret);
  if (!client) return { rc: 'OAUTH_CLIENT_INVALID' };
  const codeHash = sha256Hex(exchange.code);
  const [grant] = await db
    .select({
      id: oauthCodes.id,
      memberId: oauthCodes.memberId,
      expiresAt: oauthCodes.expiresAt,
      usedAt: oauthCodes.usedAt,
      revokedAt: oauthCodes.revokedAt,
      clientId: oauthRequests.clientId,
      codeChallenge: oauthRequests.codeChallenge,
    })
    .from(oauthCodes)
    .innerJoin(oauthRequests, eq(oauthRequests.id, oauthCodes.requestId))
    .where(eq(oauthCodes.codeHash, codeHash));
  // Another client's code tells this client nothing, and stays usable by its own client.
  if (!grant || grant.clientId !== client.id) return refused;
  if (grant.usedAt) return revokeReplayed(db, grant.id, now);
  if (grant.revokedAt || grant.expiresAt.getTime() <= now.getTime()) return refused;
  if (!pkcePasses(grant.codeChallenge, exchange.codeVerifier)) return refused;
  const claim = await claimCode(db, client, grant.id, codeHash, now);
  if (claim === 'client changed') return { rc: 'OAUTH_CLIENT_INVALID' };
  if (claim === 'lost') {
    // Two exchanges of one code at once: the one that lost is a replay as well. Or the member's
    // consent, asked again, has just put a new code in this one's place, or a new password has
    // just revoked it: nothing was replayed, and a new code must keep working.
    const [same] = await db
      .select({ usedAt: oauthCodes.usedAt })
      .from(oauthCodes)
      .where(and(eq(oauthCodes.id, grant.id), eq(oauthCodes.codeHash, codeHash)));
    return same?.usedAt ? revokeReplayed(db, grant.id, now) : refused;
  }
  const member = await findMemberById(db, grant.memberId);
  return member ? { rc: 'C01', profile: memberProfile(member) } : refused;
}

/**
 * Uses the code up while its client is still as it was checked: a revocation or a new secret that
 * came after the check refuses this exchange too (the profile would otherwise reach a client the
 * operator has just cut off), and one that comes during the claim waits for it.
 */
function claimCode(
  db: Db,
  client: OAuthClient,
  codeId: string,
  codeHash: string,
  now: Date,
): Promise<'claimed' | 'lost' | 'client changed'> {
  return db.transaction(async (tx) => {
    if (!(await lockClientAsChecked(tx, client))) return 'client changed';
    const [claimed] = await tx
      .update(oauthCodes)
      .set({ usedAt: now })
      .where(and(eq(oauthCodes.id, codeId), eq(oauthCodes.codeHash, codeHash), isUnused))
      .returning({ id: oauthCodes.id });
    return claimed ? 'claimed' : 'lost';
  });
}

// With a challenge the verifier must hash to it; without one a verifier is refused too,
// so a stolen code cannot be passed off as a PKCE exchange or the other way round.
function pkcePasses(challenge: string | null, verifier: string | null): boolean {
  if (!challenge) return verifier === null;
  return verifier !== null && verifierMatches(verifier, challenge);
}

async function revokeReplayed(db: Db, codeId: string, now: Date): Promise<ExchangeOutcome> {
  await db
    .update(oauthCodes)
    .set({ revokedAt: now, revokedReason: 'code presented again after use' })
    .where(and(eq(oauthCodes.id, codeId), isNull(oauthCodes.revokedAt)));
  return { ...refused, replayed: true };
}

/** A code neither exchanged nor revoked. */
const isUnused = and(isNull(oauthCodes.usedAt), isNull(oauthCodes.revokedAt));

/**
 * Inside the transaction that sets a new password (`endWhatTheOldPasswordOpened`): the member's
 * codes not yet exchanged are revoked, so a hop the old password's session consented to tells no
 * partner who the member is. One that an exchange is claiming meanwhile waits for it.
 */
export async function revokeUnexchangedCodes(tx: Db, memberId: string, now: Date): Promise<void> {
  await tx
    .update(oauthCodes)
    .set({ revokedAt: now, revokedReason: 'password changed' })
    .where(and(eq(oauthCodes.memberId, memberId), isUnused));
}

/** What the client is told about the member: their stable id and profile. */
export function memberProfile(member: Member): OAuthMemberProfile {
  return {
    id: member.id,
    name: member.name,
    mobile: member.mobile,
    gender: (member.gender as OAuthMemberProfile['gender']) ?? null,
    email: member.email ?? null,
    birthday: member.birthday ? member.birthday.replaceAll('-', '/') : null,
    is_verified: member.isVerified,
  };
}
