import { CHANGE_PASSWORD_PATH } from '../../../protocol';
import type { Db } from '../../db/client';
import { spendDummyVerification, verifyPassword } from '../../lib/passwords';
import { findMemberById, findMemberByMobile, type Member } from '../members/service';
import { issueToken, verifyToken } from '../tokens/service';
import { clearFailures, isLocked, recordFailure } from './lockout';

export { clearFailures } from './lockout';

export type LoginOutcome =
  | { rc: 'C01'; memberAccessToken: string }
  | { rc: 'MEMBER_IS_NOT_EXIST' | 'PASSWORD_INCORRECT' | 'ACCOUNT_LOCKED' };

export type PasswordCheck = 'C01' | 'PASSWORD_INCORRECT' | 'ACCOUNT_LOCKED';

/**
 * The member's password, checked under the lockout counts of the member's mobile: every wrong
 * one counts, five within 15 minutes lock the account for 15 minutes, and the right one clears them.
 */
export async function checkMemberPassword(db: Db, member: Member, password: string, now: Date): Promise<PasswordCheck> {
  if (await isLocked(db, member.mobile, now)) return 'ACCOUNT_LOCKED';
  if (!(await verifyPassword(member.passwordHash, password))) {
    await recordFailure(db, member.mobile, now);
    return (await isLocked(db, member.mobile, now)) ? 'ACCOUNT_LOCKED' : 'PASSWORD_INCORRECT';
  }
  await clearFailures(db, member.mobile);
  return 'C01';
}

/** Mobile-and-password login; five wrong passwords within 15 minutes lock the account. */
export async function login(db: Db, account: { mobile: string; password: string }, now: Date): Promise<LoginOutcome> {
  const member = await findMemberByMobile(db, account.mobile);
  if (!member) {
    await spendDummyVerification(account.password);
    return { rc: 'MEMBER_IS_NOT_EXIST' };
  }
  const rc = await checkMemberPassword(db, member, account.password, now);
  if (rc !== 'C01') return { rc };
  const { token } = await issueToken(db, member.id, { kind: 'member' }, now);
  return { rc: 'C01', memberAccessToken: token };
}

/**
 * Where the member goes next: legacy members still on their birthday password go to
 * change it, everyone else to the configured default. Null for a dead token.
 */
export async function redirectLocation(db: Db, token: string, now: Date, defaultUrl: string): Promise<string | null> {
  const live = await verifyToken(db, token, { kind: 'member' }, now);
  const member = live && (await findMemberById(db, live.memberId));
  if (!member) return null;
  return member.mustChangePassword ? CHANGE_PASSWORD_PATH : defaultUrl;
}
