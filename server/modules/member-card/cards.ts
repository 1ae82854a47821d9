import { randomBytes, randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { CARD_NUMBER_DIGITS, CARD_RECENT_SCANS, CARD_SECRET_BYTES } from '#protocol';
import type { Db } from '../../db/client';
import { memberCardScans, memberCards, posTerminals } from '../../db/schema';

export interface MemberCard {
  cardNumber: string;
  /** Standard Base64 of the card secret. */
  secret: string;
}

export interface RecentScan {
  terminalName: string;
  scannedAt: Date;
}

const newCardSecret = (): string => randomBytes(CARD_SECRET_BYTES).toString('base64');

// Ten digits, never starting with 0, so the number reads the same wherever it is typed or stored.
const newCardNumber = (): string =>
  String(randomInt(1, 10)) + String(randomInt(0, 10 ** (CARD_NUMBER_DIGITS - 1))).padStart(CARD_NUMBER_DIGITS - 1, '0');

// Nine billion numbers: a clash is rare, and ten in a row means something else is wrong.
const CARD_NUMBER_TRIES = 10;

/**
 * The member's card, given on first use: the insert does nothing when the member already has
 * one (another request may have just given it) or when the drawn number is taken, in which case
 * another is drawn.
 */
export async function cardOfMember(db: Db, memberId: string, now: Date): Promise<MemberCard> {
  for (let attempt = 0; attempt < CARD_NUMBER_TRIES; attempt++) {
    const existing = await findCard(db, memberId);
    if (existing) return existing;
    await db
      .insert(memberCards)
      .values({ memberId, cardNumber: newCardNumber(), secret: newCardSecret(), secretRotatedAt: now, createdAt: now })
      .onConflictDoNothing();
  }
  throw new Error('no free card number after repeated draws');
}

async function findCard(db: Db, memberId: string): Promise<MemberCard | null> {
  const [row] = await db
    .select({ cardNumber: memberCards.cardNumber, secret: memberCards.secret })
    .from(memberCards)
    .where(eq(memberCards.memberId, memberId));
  return row ?? null;
}

/**
 * A new card secret: codes the member's devices derive from the old one stop working, and a
 * device that still holds it fetches the new one once it is signed in and online again.
 */
export async function rotateCardSecret(db: Db, memberId: string, now: Date): Promise<void> {
  await db
    .update(memberCards)
    .set({ secret: newCardSecret(), secretRotatedAt: now })
    .where(eq(memberCards.memberId, memberId));
}

/** Holds the member's card row until the transaction ends (no row, no card: nothing to hold). */
export async function lockCard(db: Db, memberId: string): Promise<void> {
  await db
    .select({ memberId: memberCards.memberId })
    .from(memberCards)
    .where(eq(memberCards.memberId, memberId))
    .for('update');
}

/** The member's latest accepted scans, newest first, with the till's name. */
export function recentScans(db: Db, memberId: string): Promise<RecentScan[]> {
  return db
    .select({ terminalName: posTerminals.name, scannedAt: memberCardScans.scannedAt })
    .from(memberCardScans)
    .innerJoin(posTerminals, eq(posTerminals.id, memberCardScans.terminalId))
    .where(eq(memberCardScans.memberId, memberId))
    .orderBy(desc(memberCardScans.scannedAt))
    .limit(CARD_RECENT_SCANS);
}
