import { and, eq, exists, isNull, lt, or, sql } from 'drizzle-orm';
import { CARD_ACCEPTED_STEPS, cardStepAt, oneTimePassword, splitMemberCardCode } from '#protocol';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { memberCardScans, memberCards, members, posTerminals } from '../../db/schema';

export interface ScannedMember {
  id: string;
  name: string;
  mobile: string;
  isVerified: boolean;
}

export type ScanOutcome =
  | { rc: 'C01'; member: ScannedMember }
  | { rc: 'CARD_CODE_INVALID' | 'CARD_CODE_EXPIRED' | 'CARD_CODE_USED' }
  /** The till's key was revoked after the route checked it. */
  | { rc: 'TOKEN_INVALID' };

/** What became of a scan's claim on its step. */
type ClaimOutcome = 'claimed' | 'claimed by this till before' | 'used' | 'secret replaced' | 'till revoked';

/**
 * A till scanned a member's code. The code is accepted when its one-time part is the card's at
 * this step or one of the two before (at most 90 seconds after it first showed) and no code of
 * this step or a later one was accepted before: one atomic compare-and-set on the card, with the
 * audit row written in the same statement, so of two tills scanning one code exactly one wins.
 * A match further back is told apart as expired, so the cashier can ask for a fresh code.
 */
export async function acceptScan(db: Db, terminalId: string, code: string, now: Date): Promise<ScanOutcome> {
  const parts = splitMemberCardCode(code);
  if (!parts) return { rc: 'CARD_CODE_INVALID' };
  const [card] = await db
    .select({ memberId: memberCards.memberId, secret: memberCards.secret, member: members })
    .from(memberCards)
    .innerJoin(members, eq(members.id, memberCards.memberId))
    .where(eq(memberCards.cardNumber, parts.cardNumber));
  if (!card) return { rc: 'CARD_CODE_INVALID' };
  const current = cardStepAt(now.getTime());
  const step = stepOf(Buffer.from(card.secret, 'base64'), parts.oneTime, current);
  if (step === null) return { rc: 'CARD_CODE_INVALID' };
  if (step <= current - CARD_ACCEPTED_STEPS) return { rc: 'CARD_CODE_EXPIRED' };
  const claim = await claimStep(db, { memberId: card.memberId, secret: card.secret, terminalId, step }, now);
  if (claim === 'till revoked') return { rc: 'TOKEN_INVALID' };
  if (claim === 'secret replaced') return { rc: 'CARD_CODE_INVALID' };
  if (claim === 'used') return { rc: 'CARD_CODE_USED' };
  // 'claimed by this till before' is answered as the first time was: that answer was lost.
  const { id, name, mobile, isVerified } = card.member;
  return { rc: 'C01', member: { id, name, mobile, isVerified } };
}

/** The latest step, up to this one, whose one-time part `oneTime` is; null when none looked back over is. */
function stepOf(secret: Uint8Array, oneTime: string, current: number): number | null {
  for (let step = current; step >= current - LIMITS.cardLookBackSteps; step--) {
    if (oneTimePassword(secret, step) === oneTime) return step;
  }
  return null;
}

interface Claim {
  memberId: string;
  /** The secret the code was checked against. */
  secret: string;
  terminalId: string;
  step: number;
}

/**
 * Uses the step up while the card and the till are still as they were checked: a secret replaced
 * (a new password, a sign-out) or a till revoked after the checks refuses the code too. On
 * PostgreSQL a change that commits while the claim waits on the card's row is seen as well, since
 * the card's condition is checked again on the row's new version; the till's row is locked, so
 * its revocation waits for the claim, as a client's does for an OAuth exchange. The member's row
 * is locked before the card's, in the order a new password takes them: the audit row refers to
 * the member, and a claim that held the card while it waited for the member would deadlock with it.
 */
async function claimStep(db: Db, claim: Claim, now: Date): Promise<ClaimOutcome> {
  const claimed = db.$with('claimed').as(
    db
      .update(memberCards)
      .set({ lastUsedStep: claim.step })
      .where(
        and(
          eq(memberCards.memberId, claim.memberId),
          eq(memberCards.secret, claim.secret),
          or(isNull(memberCards.lastUsedStep), lt(memberCards.lastUsedStep, claim.step)),
          exists(db.select({ id: members.id }).from(members).where(eq(members.id, claim.memberId)).for('key share')),
          exists(
            db.select({ id: posTerminals.id }).from(posTerminals).where(isLiveTill(claim.terminalId)).for('share'),
          ),
        ),
      )
      .returning({ memberId: memberCards.memberId }),
  );
  const scans = await db
    .with(claimed)
    .insert(memberCardScans)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          memberId: claimed.memberId,
          terminalId: sql`${claim.terminalId}::uuid`.as('terminal_id'),
          step: sql`${claim.step}::bigint`.as('step'),
          scannedAt: sql`${now.toISOString()}::timestamptz`.as('scanned_at'),
        })
        .from(claimed),
    )
    .returning({ id: memberCardScans.id });
  return scans.length > 0 ? 'claimed' : whyNotClaimed(db, claim);
}

const isLiveTill = (terminalId: string) => and(eq(posTerminals.id, terminalId), isNull(posTerminals.revokedAt));

/**
 * Read after the claim, only to word the refusal: the claim itself is what decided. One exception:
 * the till that the step was accepted for, sending the same scan again while it is still the card's
 * latest (its answer was lost on a weak link), is answered as the first time, with no second audit
 * row. Told "used", the cashier would turn away a member whose code was accepted.
 */
async function whyNotClaimed(db: Db, claim: Claim): Promise<ClaimOutcome> {
  const [till] = await db.select({ id: posTerminals.id }).from(posTerminals).where(isLiveTill(claim.terminalId));
  if (!till) return 'till revoked';
  const [card] = await db
    .select({ lastUsedStep: memberCards.lastUsedStep })
    .from(memberCards)
    .where(and(eq(memberCards.memberId, claim.memberId), eq(memberCards.secret, claim.secret)));
  if (!card) return 'secret replaced';
  if (card.lastUsedStep !== claim.step) return 'used';
  const [earlier] = await db
    .select({ id: memberCardScans.id })
    .from(memberCardScans)
    .where(
      and(
        eq(memberCardScans.memberId, claim.memberId),
        eq(memberCardScans.terminalId, claim.terminalId),
        eq(memberCardScans.step, claim.step),
      ),
    )
    .limit(1);
  return earlier ? 'claimed by this till before' : 'used';
}
