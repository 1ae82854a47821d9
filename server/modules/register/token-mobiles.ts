import { and, count, eq } from 'drizzle-orm';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { tempTokenMobiles } from '../../db/schema';

/**
 * Inside the caller's transaction, with the temp token's row locked: notes that the token's
 * code goes to `mobile`, and answers whether the token is still within its budget of
 * different mobiles. A registration that wanders across numbers is someone pumping SMS.
 */
export async function noteTokenMobile(tx: Db, tokenId: string, mobile: string): Promise<boolean> {
  await tx.insert(tempTokenMobiles).values({ tokenId, mobile }).onConflictDoNothing();
  return (await tokenMobiles(tx, tokenId)) <= LIMITS.registerTokenMobiles;
}

/** Whether the token may still send to `mobile`: one it has used, or a new one within its budget. */
export async function mayUseMobile(db: Db, tokenId: string, mobile: string): Promise<boolean> {
  const [used] = await db
    .select({ mobile: tempTokenMobiles.mobile })
    .from(tempTokenMobiles)
    .where(and(eq(tempTokenMobiles.tokenId, tokenId), eq(tempTokenMobiles.mobile, mobile)));
  return used !== undefined || (await tokenMobiles(db, tokenId)) < LIMITS.registerTokenMobiles;
}

async function tokenMobiles(db: Db, tokenId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tempTokenMobiles).where(eq(tempTokenMobiles.tokenId, tokenId));
  return row?.n ?? 0;
}
