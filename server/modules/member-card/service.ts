import type { Db } from '../../db/client';
import { memberOfToken } from '../tokens/service';
import { cardOfMember, type MemberCard, type RecentScan, recentScans } from './cards';

export { lockCard, rotateCardSecret } from './cards';
export {
  addTerminal,
  listTerminals,
  type PosTerminal,
  revokeTerminal,
  terminalNameProblem,
  terminalOfKey,
} from './terminals';
export { acceptScan } from './verify';

export type CardOutcome =
  | { rc: 'C01'; member: { name: string; mobile: string }; card: MemberCard | null; scans: RecentScan[] }
  | { rc: 'TOKEN_INVALID' };

/**
 * The signed-in member's name and mobile, card and latest scans. A member whose mobile is not
 * verified gets no card yet: a code at the till vouches for a member the brand can reach.
 */
export async function memberCardFor(db: Db, token: string | null, now: Date): Promise<CardOutcome> {
  const member = await memberOfToken(db, token, now);
  if (!member) return { rc: 'TOKEN_INVALID' };
  const [card, scans] = await Promise.all([
    member.isVerified ? cardOfMember(db, member.id, now) : null,
    recentScans(db, member.id),
  ]);
  if (!(await stillSignedIn(db, token, now))) return { rc: 'TOKEN_INVALID' };
  return { rc: 'C01', member: { name: member.name, mobile: member.mobile }, card, scans };
}

/**
 * Asked again once the card is read. A new password or a sign-out ends the session and replaces
 * the secret in one transaction, so a read that saw the new secret is followed by a check that
 * sees the session ended; a first card made meanwhile waits on the member row the new password
 * holds, and is read after it too. The new secret is what stops a copied card: it must not reach
 * the session whose end replaced it.
 */
async function stillSignedIn(db: Db, token: string | null, now: Date): Promise<boolean> {
  return (await memberOfToken(db, token, now)) !== null;
}
