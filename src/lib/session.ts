import { redirect } from '@tanstack/react-router';
import { parseTaipeiTimestamp, taipeiTimestamp } from '#protocol/time';
import { MEMBER_TOKEN_DAYS } from '#protocol/values';
import { type LoginType, type MemberAuth, storage } from './storage';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Keeps a signed-in member: token, Taipei expiry one year on (as long as the token lives), login type. */
export function startSession(token: string, loginType: LoginType, now: Date = new Date()): MemberAuth {
  // A card kept from an earlier session may be another member's: the next visit online fetches this one's.
  storage.memberCard.remove();
  storage.memberAccessInfo.remove();
  // Whoever signs in is done registering in this tab: what was typed (its password too) and a link's data go.
  storage.register1.remove();
  storage.register2.remove();
  storage.check3rdCrmData.remove();
  storage.tempAccessToken.remove();
  const auth = { token, expireTime: taipeiTimestamp(new Date(now.getTime() + MEMBER_TOKEN_DAYS * DAY_MS)) };
  storage.memberAuth.set(auth);
  storage.memberAccessToken.set(token);
  storage.loginType.set(loginType);
  return auth;
}

/**
 * The session ends: the member card kept for offline use goes with it (its secret is replaced
 * anyway), and so do the member's details this tab kept. Edits kept for the member to sign in
 * again stay (decision 0022), and so does the login type.
 */
export function endSession(): void {
  storage.memberCard.remove();
  storage.memberAuth.remove();
  storage.memberAccessToken.remove();
  storage.memberAccessInfo.remove();
  storage.memberChangeMobile.remove();
}

/** Signing out on this device: the session and everything kept of the member go, down to the login type. */
export function forgetMember(): void {
  endSession();
  storage.loginType.remove();
  storage.lineAccessToken.remove();
  storage.unsavedProfileEdits.remove();
}

/**
 * Another tab ended or replaced the session, which all tabs share: this tab's own copies of the
 * member it showed go (session storage is the tab's alone), and its token copy follows the session.
 */
export function followSessionOfAnotherTab(token: string | null): void {
  storage.memberAccessInfo.remove();
  storage.memberChangeMobile.remove();
  if (token) storage.memberAccessToken.set(token);
  else storage.memberAccessToken.remove();
}

/** The stored session while it is unexpired; an expired one is cleared and counts as logged out. */
export function readSession(now: Date = new Date()): MemberAuth | null {
  const auth = storage.memberAuth.get();
  if (!auth) return null;
  const expiry = parseTaipeiTimestamp(auth.expireTime);
  if (!expiry || now.getTime() > expiry.getTime()) {
    endSession();
    return null;
  }
  return auth;
}

/** Route guard (`beforeLoad`): members only; everyone else goes to /login. */
export function requireSession(): void {
  if (!readSession()) throw redirect({ to: '/login', replace: true });
}

/**
 * Route guard (`beforeLoad`) of registration: a signed-in member goes to the profile instead, so
 * Back after registering never lands on an empty form. (Password recovery stays open: a member
 * may not know the current password that changing it asks for. Decision 0025.)
 */
export function requireSignedOut(): void {
  if (readSession()) throw redirect({ to: '/change_member', replace: true });
}
