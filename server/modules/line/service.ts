import { and, eq, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type * as v from 'valibot';
import type { lineBindDataSchema } from '#protocol';
import { type Config, LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { identityBindings, members } from '../../db/schema';
import { recordAuditEvent } from '../audit/service';
import { holdsMobile, lockMember, registrationCompleted } from '../members/service';
import { issueSignInToken, verifyToken } from '../tokens/service';
import { checkLineToken, type LineTokenCheck } from './line-api';

const LINE = 'line' as const;

export type LineLoginOutcome =
  | { rc: 'C01'; memberAccessToken: string }
  | { rc: 'LINE_NOT_BOUND' }
  | { rc: 'LINE_TOKEN_INVALID'; reason: 'rejected' | 'unavailable' };

/** The member only learns that LINE refused; the operator needs to know when LINE itself did not answer. */
export function logLineUnavailable(log: FastifyBaseLogger, outcome: object): void {
  if ('reason' in outcome && outcome.reason === 'unavailable')
    log.warn('LINE API 無回應、逾時或回覆格式錯誤，LINE 權杖無法驗證');
}

/** The bind data's LINE user, checked before any transaction so none is held open over a call to LINE. */
export async function lineUserOf(
  config: Config,
  bind: v.InferOutput<typeof lineBindDataSchema> | null | undefined,
): Promise<{ ok: true; userId: string | null } | Extract<LineTokenCheck, { ok: false }>> {
  if (!bind) return { ok: true, userId: null };
  return checkLineToken(config, bind.verify_data.line_token);
}

/**
 * LINE login: a LINE user bound to a member gets a member token; any other LINE user is told to
 * bind. As with a password login, a registration left before step 3 stands for good once its
 * member signs in, and one that has lapsed (it holds its mobile no longer) signs no one in.
 */
export async function loginWithLine(db: Db, config: Config, lineToken: string, now: Date): Promise<LineLoginOutcome> {
  const line = await checkLineToken(config, lineToken);
  if (!line.ok) return { rc: 'LINE_TOKEN_INVALID', reason: line.reason };
  const [bound] = await db
    .select({
      id: identityBindings.memberId,
      passwordHash: members.passwordHash,
      unfinished: members.registrationExpiresAt,
    })
    .from(identityBindings)
    .innerJoin(members, eq(members.id, identityBindings.memberId))
    .where(
      and(eq(identityBindings.provider, LINE), eq(identityBindings.providerUserId, line.userId), holdsMobile(now)),
    );
  if (!bound) return { rc: 'LINE_NOT_BOUND' };
  const alongside = bound.unfinished ? [registrationCompleted(db, bound.id)] : [];
  const issued = await issueSignInToken(db, bound, now, alongside);
  // A new password since the binding was found has ended the binding with it.
  return issued ? { rc: 'C01', memberAccessToken: issued.token } : { rc: 'LINE_NOT_BOUND' };
}

export interface LineBinding {
  memberId: string;
  lineUserId: string;
  /** How the binding came about: the bind screen, or a registration that carried LINE bind data. */
  via: 'bind' | 'register';
  clientAddress: string;
}

/**
 * Inside the caller's transaction: binds the LINE user to the member and records it in the audit
 * trail. A LINE user binds one member and a member one LINE user; the same pair again changes nothing.
 */
export async function bindLineUser(tx: Db, binding: LineBinding, now: Date): Promise<'C01' | 'LINE_ALREADY_BOUND'> {
  const existing = await tx
    .select({ memberId: identityBindings.memberId, userId: identityBindings.providerUserId })
    .from(identityBindings)
    .where(
      and(
        eq(identityBindings.provider, LINE),
        or(eq(identityBindings.providerUserId, binding.lineUserId), eq(identityBindings.memberId, binding.memberId)),
      ),
    );
  if (existing.length > 0) {
    const samePair = existing.every((row) => row.memberId === binding.memberId && row.userId === binding.lineUserId);
    return samePair ? 'C01' : 'LINE_ALREADY_BOUND';
  }
  // A bind that raced this one and committed first leaves nothing to insert.
  const inserted = await tx
    .insert(identityBindings)
    .values({ memberId: binding.memberId, provider: LINE, providerUserId: binding.lineUserId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: identityBindings.id });
  if (inserted.length === 0) return 'LINE_ALREADY_BOUND';
  await recordAuditEvent(
    tx,
    {
      memberId: binding.memberId,
      type: 'line_bind',
      detail: { provider: LINE, line_user_id: binding.lineUserId, via: binding.via },
      clientAddress: binding.clientAddress,
    },
    now,
  );
  return 'C01';
}

/**
 * Inside the caller's transaction, when the member's password changes or is reset: the LINE
 * binding goes too, and the unbinding is recorded. A binding was made with the password (the bind
 * screen asks for it, a registration sets it), so whoever had the old one may have bound their own
 * LINE; the member binds again with the new password. The session that changed it stays.
 */
export async function unbindLineOnNewPassword(
  tx: Db,
  memberId: string,
  because: 'password_change' | 'password_reset',
  clientAddress: string,
  now: Date,
): Promise<void> {
  const removed = await tx
    .delete(identityBindings)
    .where(and(eq(identityBindings.provider, LINE), eq(identityBindings.memberId, memberId)))
    .returning({ lineUserId: identityBindings.providerUserId });
  for (const { lineUserId } of removed)
    await recordAuditEvent(
      tx,
      { memberId, type: 'line_unbind', detail: { provider: LINE, line_user_id: lineUserId, because }, clientAddress },
      now,
    );
}

export type BindOutcome =
  | { rc: 'C01' | 'TOKEN_INVALID' | 'LINE_ALREADY_BOUND' }
  | { rc: 'LINE_TOKEN_INVALID'; reason: 'rejected' | 'unavailable' };

/**
 * The bind screen: the member token must come from a sign-in moments ago (the member has just
 * proven the password), then LINE vouches for the LINE token, then the two are bound.
 */
export async function bindLineToMember(
  db: Db,
  config: Config,
  input: { memberToken: string | null; lineToken: string; clientAddress: string },
  now: Date,
): Promise<BindOutcome> {
  const live = await verifyToken(db, input.memberToken, { kind: 'member' }, now);
  if (!live || now.getTime() - live.issuedAt.getTime() > LIMITS.lineBindLoginMs) return { rc: 'TOKEN_INVALID' };
  const line = await checkLineToken(config, input.lineToken);
  if (!line.ok) return { rc: 'LINE_TOKEN_INVALID', reason: line.reason };
  const rc = await db.transaction(async (tx) => {
    // Checked again, its row locked, now that LINE has answered: a password change or reset made
    // meanwhile has ended this session and removed the bindings (decision 0024), and a bind it had
    // not yet seen must not follow it. The member's row first, then the session's, in the order the
    // change takes them: the other way round, each would wait on the other (the binding refers to
    // the member), and PostgreSQL would end one of them with an error.
    if (!(await lockMember(tx, live.memberId))) return 'TOKEN_INVALID';
    if (!(await verifyToken(tx, input.memberToken, { kind: 'member' }, now, { lock: true }))) return 'TOKEN_INVALID';
    return bindLineUser(
      tx,
      { memberId: live.memberId, lineUserId: line.userId, via: 'bind', clientAddress: input.clientAddress },
      now,
    );
  });
  return { rc };
}
