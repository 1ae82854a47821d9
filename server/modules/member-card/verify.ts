import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { CARD_ACCEPTED_STEPS, cardStepAt, oneTimePassword, splitMemberCardCode } from '#protocol';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { memberCardScans, memberCards, members } from '../../db/schema';

export interface ScannedMember {
  id: string;
  name: string;
  mobile: string;
  isVerified: boolean;
}

export type ScanOutcome =
  | { rc: 'C01'; member: ScannedMember }
  | { rc: 'CARD_CODE_INVALID' | 'CARD_CODE_EXPIRED' | 'CARD_CODE_USED' };

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
  if (!(await claimStep(db, card.memberId, terminalId, step, now))) return { rc: 'CARD_CODE_USED' };
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

async function claimStep(db: Db, memberId: string, terminalId: string, step: number, now: Date): Promise<boolean> {
  const claimed = db.$with('claimed').as(
    db
      .update(memberCards)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(memberCards.memberId, memberId),
          or(isNull(memberCards.lastUsedStep), lt(memberCards.lastUsedStep, step)),
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
          terminalId: sql`${terminalId}::uuid`.as('terminal_id'),
          step: sql`${step}::bigint`.as('step'),
          scannedAt: sql`${now.toISOString()}::timestamptz`.as('scanned_at'),
        })
        .from(claimed),
    )
    .returning({ id: memberCardScans.id });
  return scans.length > 0;
}
