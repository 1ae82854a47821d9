import type { Db } from '../../db/client';
import { hashPassword } from '../../lib/passwords';
import { recordAuditEvent } from '../audit/service';
import { checkMemberPassword } from '../auth/service';
import { findMemberById, lockMember, setMemberPassword } from '../members/service';
import { verifyToken } from '../tokens/service';
import { endWhatTheOldPasswordOpened } from './new-password';
import { MEMBER_TOKEN, type Outcome } from './outcome';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

/**
 * A signed-in member replaces the password. The old one is checked under the login lockout
 * counts; the new one must differ from it. Every other session of the member ends (the one
 * that made the change stays), and so does every other way in the old one opened
 * (`endWhatTheOldPasswordOpened`); the legacy birthday-password flag clears.
 */
export async function changePassword(
  db: Db,
  token: string | null,
  change: PasswordChange,
  now: Date,
  clientAddress: string,
): Promise<Outcome> {
  const live = await verifyToken(db, token, MEMBER_TOKEN, now);
  const member = live && (await findMemberById(db, live.memberId));
  if (!member) return { rc: 'TOKEN_INVALID' };
  const check = await checkMemberPassword(db, member, change.oldPassword, now);
  if (check !== 'C01') return { rc: check };
  if (change.newPassword === change.oldPassword) return { rc: 'PASSWORD_SAME_AS_OLD' };
  const passwordHash = await hashPassword(change.newPassword);
  return db.transaction(async (tx) => {
    // The member row first, as every password change does, so two changes queue rather than deadlock.
    const locked = await lockMember(tx, member.id);
    const still = locked && (await verifyToken(tx, token, MEMBER_TOKEN, now, { lock: true }));
    // Another session changed the password meanwhile, and ended this one.
    if (!locked || !still) return { rc: 'TOKEN_INVALID' };
    // The old password checked above is no longer the member's.
    if (locked.passwordHash !== member.passwordHash) return { rc: 'PASSWORD_INCORRECT' };
    await setMemberPassword(tx, locked.id, passwordHash, now);
    await endWhatTheOldPasswordOpened(tx, locked.id, 'password_change', clientAddress, now, still.tokenId);
    await recordAuditEvent(tx, { memberId: locked.id, type: 'password_change', clientAddress }, now);
    return { rc: 'C01' };
  });
}
