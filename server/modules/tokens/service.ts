import {
  and,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNull,
  lt,
  ne,
  type SQL,
  type SQLWrapper,
  sql,
  type WithSubquery,
} from 'drizzle-orm';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { type BatchOptions, deleteInBatches } from '../../db/delete-in-batches';
import { preparedPerDatabase } from '../../db/prepared';
import { members, memberTokens, type TokenKind } from '../../db/schema';
import { newSecret, sha256Hex } from '../../lib/secrets';

/** What a temp token was issued for; it is good for nothing else. */
export const TEMP_PURPOSES = ['register', 'forgot_password'] as const;
export type TempPurpose = (typeof TEMP_PURPOSES)[number];

const LIFETIME_MS: Record<TokenKind, number> = { member: LIMITS.memberTokenMs, temp: LIMITS.tempTokenMs };
// 32 random bytes in Base64url.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type TokenSpec = { kind: 'member' } | { kind: 'temp'; purpose: TempPurpose };

export interface IssuedToken {
  token: string;
  tokenId: string;
  expiresAt: Date;
}

/**
 * A new 256-bit token for the member; only its SHA-256 is stored. `alongside` are changes that
 * belong with the issue (a sign-in forgives the lockout count): they run in the same statement,
 * as data-modifying WITH queries, so the issue costs one round trip whatever else it settles.
 */
export async function issueToken(
  db: Db,
  memberId: string,
  spec: TokenSpec,
  now: Date,
  alongside: WithSubquery[] = [],
): Promise<IssuedToken> {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + LIFETIME_MS[spec.kind]);
  const [row] = await db
    .with(...alongside)
    .insert(memberTokens)
    .values({
      tokenHash: sha256Hex(token),
      memberId,
      kind: spec.kind,
      purpose: spec.kind === 'temp' ? spec.purpose : null,
      expiresAt,
      createdAt: now,
    })
    .returning({ id: memberTokens.id });
  if (!row) throw new Error('token insert returned no row');
  return { token, tokenId: row.id, expiresAt };
}

/**
 * A sign-in's member token, issued only while the member's password is still the one the sign-in
 * was judged by (`passwordHash`, read with the member). A password change or reset ends every
 * session and every LINE binding, and always writes a new hash: one that lands while argon2 runs
 * (or after a LINE login found its binding) would otherwise miss this session and leave it open
 * with the old password. The member's row is locked for the statement (FOR NO KEY UPDATE, as a
 * change's own row lock conflicts with it): a change that comes during the issue waits for it and
 * then ends the new session with the others; one that came first has changed the hash, which
 * PostgreSQL checks again on the row's newest version, so nothing is issued (null). Still one
 * round trip, `alongside` included: they run whether or not the token is issued.
 */
export async function issueSignInToken(
  db: Db,
  member: { id: string; passwordHash: string },
  now: Date,
  alongside: WithSubquery[] = [],
): Promise<IssuedToken | null> {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + LIFETIME_MS.member);
  const unchanged = db.$with('password_unchanged').as(
    db
      .select({ memberId: members.id })
      .from(members)
      .where(and(eq(members.id, member.id), eq(members.passwordHash, member.passwordHash)))
      .for('no key update'),
  );
  // The table's columns in its order, as INSERT ... SELECT takes them.
  const issue = db
    .select({
      id: sql`gen_random_uuid()`.as('id'),
      tokenHash: sql`${sha256Hex(token)}`.as('token_hash'),
      memberId: unchanged.memberId,
      kind: sql`'member'`.as('kind'),
      purpose: sql`null`.as('purpose'),
      expiresAt: sql`${expiresAt.toISOString()}::timestamptz`.as('expires_at'),
      revokedAt: sql`null::timestamptz`.as('revoked_at'),
      verifiedAt: sql`null::timestamptz`.as('verified_at'),
      createdAt: sql`${now.toISOString()}::timestamptz`.as('created_at'),
    })
    .from(unchanged);
  // The member's oldest live sessions past the limit end with this sign-in, in the same statement
  // (LIMITS.liveSessionsPerMember), and only when it is issued. Two sign-ins at the same moment
  // may each leave one over; the next sign-in ends it.
  const oldestEnded = db.$with('oldest_sessions_ended').as(
    db
      .update(memberTokens)
      .set({ revokedAt: now })
      .where(
        inArray(
          memberTokens.id,
          db
            .select({ id: memberTokens.id })
            .from(memberTokens)
            .where(
              and(
                eq(memberTokens.memberId, sql`(select ${unchanged.memberId} from ${unchanged})`),
                eq(memberTokens.kind, 'member'),
                isNull(memberTokens.revokedAt),
                gt(memberTokens.expiresAt, now),
              ),
            )
            .orderBy(desc(memberTokens.createdAt), desc(memberTokens.id))
            .offset(LIMITS.liveSessionsPerMember - 1),
        ),
      )
      .returning({ id: memberTokens.id }),
  );
  // `alongside` may update the member's row too (a registration completed). PostgreSQL runs a
  // WITH update that the main query does not read after the main query, so the lock above comes
  // first; the other way round, the lock would skip a row its own statement had changed, and no
  // token would be issued (stale-registration.test.ts and line-binding-lifetime.test.ts sign in a
  // registration left before step 3, on both databases).
  const [row] = await db
    .with(...alongside, unchanged, oldestEnded)
    .insert(memberTokens)
    .select(issue)
    .returning({ id: memberTokens.id });
  return row ? { token, tokenId: row.id, expiresAt } : null;
}

export interface LiveToken {
  tokenId: string;
  memberId: string;
  /** When the token's SMS code was entered right; null until then (and for member tokens). */
  verifiedAt: Date | null;
  /** When the token was issued: a member token this young means the member has just signed in. */
  issuedAt: Date;
}

/**
 * The token's member when it is known, unexpired, unrevoked and of the expected kind and purpose.
 * With `lock` (inside a transaction) the token row stays locked until the transaction ends, so
 * two calls that use the token up cannot both succeed.
 */
export async function verifyToken(
  db: Db,
  token: string | null | undefined,
  spec: TokenSpec,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<LiveToken | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const query = db
    .select({
      tokenId: memberTokens.id,
      memberId: memberTokens.memberId,
      purpose: memberTokens.purpose,
      verifiedAt: memberTokens.verifiedAt,
      issuedAt: memberTokens.createdAt,
    })
    .from(memberTokens)
    .where(
      and(
        eq(memberTokens.tokenHash, sha256Hex(token)),
        eq(memberTokens.kind, spec.kind),
        isNull(memberTokens.revokedAt),
        gt(memberTokens.expiresAt, now),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) return null;
  if ((spec.kind === 'temp' ? spec.purpose : null) !== row.purpose) return null;
  return { tokenId: row.tokenId, memberId: row.memberId, verifiedAt: row.verifiedAt, issuedAt: row.issuedAt };
}

/** A live member session: unrevoked and unexpired at `now`. */
const isLiveSession = (now: Date) =>
  and(eq(memberTokens.kind, 'member'), isNull(memberTokens.revokedAt), gt(memberTokens.expiresAt, now));

/** Whether the member has a live session at `now` (one signed in on any device). */
export async function hasLiveSession(db: Db, memberId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: memberTokens.id })
    .from(memberTokens)
    .where(and(eq(memberTokens.memberId, memberId), isLiveSession(now)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the session whose token hash `tokenHash` holds (a column that keeps the SHA-256 of the
 * session that made a record) still lives at `now`: a condition for the record's own query.
 */
export const sessionLives = (db: Db, tokenHash: SQLWrapper, now: Date): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(memberTokens)
      .where(and(eq(memberTokens.tokenHash, tokenHash), isLiveSession(now))),
  );

/** The row of `token` when it is a member token, unrevoked and unexpired at `now`. */
const isLiveMemberToken = (token: string, now: Date) =>
  and(eq(memberTokens.tokenHash, sha256Hex(token)), isLiveSession(now));

/**
 * The member behind a live member token, in one round trip: the token check and the member row
 * are one join, so a signed read costs one query and writes nothing. With `lock` (inside a
 * transaction) the member row stays locked until the transaction ends, and the token is checked
 * once more after the lock is held (two round trips). A revoked token is refused on its very next
 * call by every process, since nothing about it is cached.
 */
export async function memberOfToken(
  db: Db,
  token: string | null | undefined,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<typeof members.$inferSelect | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  if (!options.lock) {
    const [row] = await memberOfLiveToken(db).execute({ tokenHash: sha256Hex(token), now: now.toISOString() });
    return row?.member ?? null;
  }
  const [row] = await db
    .select({ member: members })
    .from(memberTokens)
    .innerJoin(members, eq(members.id, memberTokens.memberId))
    .where(isLiveMemberToken(token, now))
    .for('update', { of: members });
  if (!row) return null;
  // A new password holds the member's row while it ends every session. When this waited for it,
  // PostgreSQL checked the join again with the member's new row but the token's row as it was
  // before, so the ended session passed: a new statement sees it ended. (Locking the token row too
  // would take the rows in the other order than the change does, and two could deadlock.)
  const [still] = await db.select({ id: memberTokens.id }).from(memberTokens).where(isLiveMemberToken(token, now));
  return still ? row.member : null;
}

// Every signed read starts here, so it is prepared: the same join as `isLiveMemberToken`, with placeholders.
const memberOfLiveToken = preparedPerDatabase((db) =>
  db
    .select({ member: members })
    .from(memberTokens)
    .innerJoin(members, eq(members.id, memberTokens.memberId))
    .where(
      and(
        eq(memberTokens.tokenHash, sql.placeholder('tokenHash')),
        eq(memberTokens.kind, 'member'),
        isNull(memberTokens.revokedAt),
        gt(memberTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('member_of_token'),
);

/** Records that the code sent with a temp token was entered right. */
export async function markTokenVerified(db: Db, tokenId: string, now: Date): Promise<void> {
  await db.update(memberTokens).set({ verifiedAt: now }).where(eq(memberTokens.id, tokenId));
}

export async function revokeToken(db: Db, tokenId: string, now: Date): Promise<void> {
  await db
    .update(memberTokens)
    .set({ revokedAt: now })
    .where(and(eq(memberTokens.id, tokenId), isNull(memberTokens.revokedAt)));
}

/**
 * Signs one member token out: one statement finds it live and revokes it, so of two sign-outs
 * racing only one succeeds. Answers the token's member, or null when the token was unknown,
 * expired, revoked or not a member's.
 */
export async function revokeMemberToken(db: Db, token: string | null, now: Date): Promise<string | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [revoked] = await db
    .update(memberTokens)
    .set({ revokedAt: now })
    .where(isLiveMemberToken(token, now))
    .returning({ memberId: memberTokens.memberId });
  return revoked?.memberId ?? null;
}

/** Revokes every live token of the member, but `keepTokenId` (the session that changed the password). */
export async function revokeMemberTokens(db: Db, memberId: string, now: Date, keepTokenId?: string): Promise<void> {
  await db
    .update(memberTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(memberTokens.memberId, memberId),
        isNull(memberTokens.revokedAt),
        keepTokenId ? ne(memberTokens.id, keepTokenId) : undefined,
      ),
    );
}

/**
 * Removes the tokens a day past their end (expiry or revocation): they answer nothing any more
 * (a call with one is refused as with a token never issued), and each login would otherwise
 * leave its row for ever. Answers how many went.
 */
export function pruneDeadTokens(db: Db, now: Date, batches: BatchOptions = {}): Promise<number> {
  const endedBefore = new Date(now.getTime() - LIMITS.spentRecordKeepMs);
  const dead = sql`(${lt(memberTokens.expiresAt, endedBefore)} or ${lt(memberTokens.revokedAt, endedBefore)})`;
  return deleteInBatches(db, memberTokens, memberTokens.id, dead, batches);
}
