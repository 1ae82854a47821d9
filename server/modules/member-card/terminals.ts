import { and, desc, eq, isNull } from 'drizzle-orm';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { posTerminals } from '../../db/schema';
import { operatorNameProblem } from '../../lib/operator-names';
import { newSecret, sha256Hex } from '../../lib/secrets';

export type PosTerminal = Pick<typeof posTerminals.$inferSelect, 'id' | 'name'>;
export type PosTerminalRecord = typeof posTerminals.$inferSelect;

// newSecret(): 32 random bytes in Base64url.
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Why a till cannot be given this name, or null when it can. */
export const terminalNameProblem = (name: string): string | null =>
  operatorNameProblem(name, LIMITS.posTerminalNameMaxLength);

/** Adds a till; its API key is answered this once, and only the key's SHA-256 is kept. */
export async function addTerminal(db: Db, name: string, now: Date): Promise<{ id: string; apiKey: string }> {
  const apiKey = newSecret();
  const [row] = await db
    .insert(posTerminals)
    .values({ name: name.trim(), keyHash: sha256Hex(apiKey), createdAt: now })
    .returning({ id: posTerminals.id });
  if (!row) throw new Error('terminal insert returned no row');
  return { id: row.id, apiKey };
}

export function listTerminals(db: Db): Promise<PosTerminalRecord[]> {
  return db.select().from(posTerminals).orderBy(desc(posTerminals.createdAt));
}

/** Ends a till's key at once; its past scans stay on the members' cards. False when no such till is live. */
export async function revokeTerminal(db: Db, id: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(posTerminals)
    .set({ revokedAt: now })
    .where(and(eq(posTerminals.id, id), isNull(posTerminals.revokedAt)))
    .returning({ id: posTerminals.id });
  return revoked.length > 0;
}

/** The live till whose key this is, or null. The key is 256 random bits, so a hash lookup is enough. */
export async function terminalOfKey(db: Db, apiKey: string): Promise<PosTerminal | null> {
  if (!KEY_PATTERN.test(apiKey)) return null;
  const [row] = await db
    .select({ id: posTerminals.id, name: posTerminals.name })
    .from(posTerminals)
    .where(and(eq(posTerminals.keyHash, sha256Hex(apiKey)), isNull(posTerminals.revokedAt)));
  return row ?? null;
}
