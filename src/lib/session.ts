import { redirect } from '@tanstack/react-router';
import { parseTaipeiTimestamp, taipeiTimestamp } from '#protocol/time';
import { MEMBER_TOKEN_DAYS } from '#protocol/values';
import { forgetLineBind } from './line-bind';
import { CODE_PURPOSES, type LoginType, type MemberAuth, storage } from './storage';

const DAY_MS = 24 * 60 * 60 * 1000;

const sessionChangeListeners = new Set<() => void>();

/** Calls `listener` each time this tab starts a session or ends one; returns how to stop. */
export function onSessionChange(listener: () => void): () => void {
  sessionChangeListeners.add(listener);
  return () => {
    sessionChangeListeners.delete(listener);
  };
}

function tellSessionChanged(): void {
  for (const listener of sessionChangeListeners) listener();
}

/** Keeps a signed-in member: token, Taipei expiry one year on (as long as the token lives), login type. */
export function startSession(token: string, loginType: LoginType, now: Date = new Date()): MemberAuth {
  // A card kept from an earlier session may be another member's: the next visit online fetches this one's.
  storage.memberCard.remove();
  storage.memberAccessInfo.remove();
  // A LINE sign-in keeps its LINE token after this; any other leaves none of a member before.
  storage.lineAccessToken.remove();
  forgetVisitorFlows();
  forgetCodesSent();
  const auth = { token, expireTime: taipeiTimestamp(new Date(now.getTime() + MEMBER_TOKEN_DAYS * DAY_MS)) };
  storage.memberAuth.set(auth);
  storage.memberAccessToken.set(token);
  storage.loginType.set(loginType);
  tellSessionChanged();
  return auth;
}

/**
 * When each code was last sent, which keeps its resend countdown through a reload: the code went to
 * whoever was here, so the next person to sign in (or out) would be told a code went to them, with
 * a countdown, when none did. Each screen that sends one offers to send it again.
 */
function forgetCodesSent(): void {
  for (const purpose of CODE_PURPOSES) storage.codeSentAt(purpose).remove();
}

/**
 * A visitor's flows this tab keeps: a registration under way (its drafts, the password typed in
 * them too, a link's data, its temp token), a LINE account waiting to be bound, a recovery's
 * verified token, and which changes got no answer. Whoever signs in, or out, is done with them:
 * none may reach the next person.
 */
function forgetVisitorFlows(): void {
  storage.answersLost.remove();
  storage.register1.remove();
  storage.register2.remove();
  storage.check3rdCrmData.remove();
  storage.tempAccessToken.remove();
  forgetLineBind();
  storage.forgotPasswordToken.remove();
}

/**
 * The session ends: the member card kept for offline use goes with it (its secret is replaced
 * anyway), and so does the profile this tab kept (a screen that needs it loads it again), and the
 * LINE token of a LINE sign-in: alone it signs in again (login_with_provider), whoever is at the
 * phone next. What the member resumes after signing in again stays (decision 0022): unsaved
 * profile edits, a new mobile waiting for its code (the server keeps the change), and where a
 * partner asked to be sent (rurl). So does the login type.
 */
export function endSession(): void {
  // A new mobile is resumed only by the member whose change it is; one this tab could not tell
  // the member of (their profile could not be had) belonged to this session, and goes with it.
  if (!storage.memberChangeMobile.get()?.from) storage.memberChangeMobile.remove();
  storage.memberCard.remove();
  storage.memberAuth.remove();
  storage.memberAccessToken.remove();
  storage.memberAccessInfo.remove();
  storage.lineAccessToken.remove();
  tellSessionChanged();
}

/**
 * Signing out on this device: the session and everything kept of the member go, down to the login
 * type, and the rurl the member came with: the next person to sign in here would be sent there,
 * their token with them.
 */
export function forgetMember(): void {
  // The login type first: another tab hears of each key's change in order, and tells a sign-out
  // from an ended session by the login type being gone when the session goes (`wasSignedOut`).
  storage.loginType.remove();
  endSession();
  storage.rurl.remove();
  storage.unsavedProfileEdits.remove();
  storage.memberChangeMobile.remove();
  forgetVisitorFlows();
  forgetCodesSent();
}

/**
 * Another tab ended or replaced the session, which all tabs share: this tab's own copies of the
 * member it showed go (session storage is the tab's alone), and its token copy follows the session.
 * So does a page this tab kept to come back to after a sign-in: it was kept before this change,
 * and the screens' guards, run again now, keep the one that is of use. So do the LINE token and
 * which changes got no answer: they were the last member's, and the next one's password change
 * would be checked twice for each mistype.
 */
export function followSessionOfAnotherTab(token: string | null): void {
  storage.memberAccessInfo.remove();
  storage.memberChangeMobile.remove();
  storage.returnPath.remove();
  storage.lineAccessToken.remove();
  storage.answersLost.remove();
  forgetCodesSent();
  if (token) storage.memberAccessToken.set(token);
  else storage.memberAccessToken.remove();
}

/**
 * Whether the session that is gone was signed out (`forgetMember` forgets the login type with it)
 * rather than ended by the server's refusal or its expiry (`endSession` keeps the login type).
 */
export const wasSignedOut = (): boolean => storage.loginType.get() === null;

/**
 * The tab's token copy names the session its copies of the member were kept under. A tab restored
 * after the session changed elsewhere (discarded by the phone, or closed and reopened) heard no
 * `storage` event of it, and `pageshow` tells only of the back-forward cache: the copies are a
 * member's who has left, and go as another tab's change has them go.
 */
function followSessionChangedUnheard(token: string | null): void {
  const copy = storage.memberAccessToken.get();
  if (copy && copy !== token) followSessionOfAnotherTab(token);
}

/**
 * The stored session while it is unexpired; an expired one is cleared and counts as logged out.
 * Every guard asks here first, so a tab restored under another session drops the last member's
 * copies before any screen or loader reads them.
 */
export function readSession(now: Date = new Date()): MemberAuth | null {
  const auth = storage.memberAuth.get();
  followSessionChangedUnheard(auth?.token ?? null);
  if (!auth) return null;
  const expiry = parseTaipeiTimestamp(auth.expireTime);
  if (!expiry || now.getTime() > expiry.getTime()) {
    endSession();
    return null;
  }
  return auth;
}

/**
 * Whether the session is still the one a call was asked under (`token`). An answer that comes after
 * a sign-out, or after someone else signed in on this browser, is not this session's: kept, it would
 * show the last member's details, or their card, to the next person.
 */
export const isSessionStill = (token: string | null): boolean => (readSession()?.token ?? null) === token;

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
