import type { Db } from '../../db/client';
import { unbindLineOnNewPassword } from '../line/service';
import { rotateCardSecret } from '../member-card/service';
import { revokeUnexchangedCodes } from '../oauth/service';
import { revokeMemberTokens } from '../tokens/service';

/**
 * Inside the transaction that sets a new password, the member's row locked: every way in that the
 * old password opened ends with it (decision 0024). Whoever knew it, or held a session it opened,
 * may have used it to take any of them.
 * - The sessions, but `keepTokenId`: the one that made a change stays.
 * - The member card's secret: a card copied to another browser stops working at the till.
 * - The OAuth codes not yet exchanged: a partner is not told who the member is through a hop
 *   the old password's session consented to.
 * - The LINE binding, with its audit row.
 * Taken in this order, after the member's row, as every transaction that meets a new password does.
 */
export async function endWhatTheOldPasswordOpened(
  tx: Db,
  memberId: string,
  because: 'password_change' | 'password_reset',
  clientAddress: string,
  now: Date,
  keepTokenId?: string,
): Promise<void> {
  await revokeMemberTokens(tx, memberId, now, keepTokenId);
  await rotateCardSecret(tx, memberId, now);
  await revokeUnexchangedCodes(tx, memberId, now);
  await unbindLineOnNewPassword(tx, memberId, because, clientAddress, now);
}
