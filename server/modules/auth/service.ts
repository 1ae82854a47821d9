import type { WithSubquery } from 'drizzle-orm';
import { IMPORTED_MEMBER_LOCATION } from '#protocol';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { spendDummyVerification, verifyPassword } from '../../lib/passwords';
import { lockCard, rotateCardSecret } from '../member-card/service';
import { type Member, registrationCompleted } from '../members/service';
import { hasLiveSession, issueSignInToken, memberOfToken, revokeMemberToken } from '../tokens/service';
import { attemptsForgiven, clearAttempts, reserveAttempt, reserveAttemptOfHolder } from './lockout';

export { clearAttempts } from './lockout';

export type LoginOutcome =
  | { rc: 'C01'; memberAccessToken: string }
  | { rc: 'MEMBER_IS_NOT_EXIST' | 'PASSWORD_INCORRECT' | 'ACCOUNT_LOCKED' };

export type PasswordCheck = 'C01' | 'PASSWORD_INCORRECT' | 'ACCOUNT_LOCKED';

/**
 * The member's password, checked under the lockout count of the member's mobile: the check
 * is counted before argon2 runs, a check beyond the fifth within 15 minutes is refused
 * without running it, the fifth wrong one locks the account for 15 minutes, and the right
 * one forgives the count. Password change and mobile change check through here; login (and LINE
 * binding, through login) counts the same check in the same row with `reserveAttemptOfHolder` and
 * `judgedCheck`, so all of them share one count.
 */
export async function checkMemberPassword(db: Db, member: Member, password: string, now: Date): Promise<PasswordCheck> {
  const check = await countedPasswordCheck(db, member, password, now);
  if (check === 'C01') await clearAttempts(db, member.mobile);
  return check;
}

/** `checkMemberPassword` without the forgiving: a right password leaves the count for the caller to clear. */
async function countedPasswordCheck(db: Db, member: Member, password: string, now: Date): Promise<PasswordCheck> {
  return judgedCheck(await reserveAttempt(db, member.mobile, now), member, password);
}

/** The password checked as the `attempt`-th counted check of the member's mobile. */
async function judgedCheck(attempt: number, member: Member, password: string): Promise<PasswordCheck> {
  if (attempt > LIMITS.lockoutFailures) return 'ACCOUNT_LOCKED';
  if (await verifyPassword(member.passwordHash, password)) return 'C01';
  return attempt === LIMITS.lockoutFailures ? 'ACCOUNT_LOCKED' : 'PASSWORD_INCORRECT';
}

/**
 * Mobile-and-password login; five wrong passwords within 15 minutes lock the account. Two round
 * trips: the member with its counted check, then one statement that issues the token, forgives
 * the count and (for a registration left before step 3) lets the registration stand. A wrong
 * password, a locked account or an unknown mobile costs the first alone.
 */
export async function login(db: Db, account: { mobile: string; password: string }, now: Date): Promise<LoginOutcome> {
  const found = await reserveAttemptOfHolder(db, account.mobile, now);
  if (!found) {
    await spendDummyVerification(account.password);
    return { rc: 'MEMBER_IS_NOT_EXIST' };
  }
  const { member, attempt } = found;
  const rc = await judgedCheck(attempt, member, account.password);
  if (rc !== 'C01') return { rc };
  const alongside: WithSubquery[] = [attemptsForgiven(db, member.mobile)];
  // A registration left before step 3 becomes a lasting one once its member signs in with it.
  if (member.registrationExpiresAt) alongside.push(registrationCompleted(db, member.id));
  const issued = await issueSignInToken(db, member, now, alongside);
  // The password was changed or reset while it was being checked: the one given is no longer it.
  return issued ? { rc: 'C01', memberAccessToken: issued.token } : { rc: 'PASSWORD_INCORRECT' };
}

/**
 * Signs the member token out. When it was the member's last session, the member card's secret is
 * replaced too: a card a browser kept for showing offline stops working at the till. While another
 * session lives (the member's phone), the secret stays: that phone's kept card must go on showing
 * codes that scan, offline too (decision 0011). The card row is locked before the others are
 * counted: sessions signing out at once take turns there, each counting after the ones before it
 * committed, so the last one replaces it. False when the token was not a live member token.
 */
export async function signOut(db: Db, token: string | null, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const memberId = await revokeMemberToken(tx, token, now);
    if (!memberId) return false;
    await lockCard(tx, memberId);
    if (!(await hasLiveSession(tx, memberId, now))) await rotateCardSecret(tx, memberId, now);
    return true;
  });
}

/**
 * Where the member goes next: legacy members still on their birthday password go to
 * change it, everyone else to the configured default. Null for a dead token.
 */
export async function redirectLocation(db: Db, token: string, now: Date, defaultUrl: string): Promise<string | null> {
  const member = await memberOfToken(db, token, now);
  if (!member) return null;
  return member.mustChangePassword ? IMPORTED_MEMBER_LOCATION : defaultUrl;
}
