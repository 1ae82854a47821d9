import { RC_MESSAGES } from '#protocol/rc';
import { DEFAULT_REDIRECT_PATH } from '#protocol/routes';
import { hasRc } from '../../../api/client';
import { type Credentials, login, memberTokenOf } from '../../../api/member-login';
import { planRedirect } from '../../../api/redirect-location';
import { loginTexts } from '../../../i18n/zh-TW/login';
import { trackSignIn } from '../../../lib/analytics';
import { keepLineBindData } from '../../../lib/line-bind';
import { leaveFor } from '../../../lib/redirect';
import { startSession } from '../../../lib/session';
import { type LoginType, storage } from '../../../lib/storage';
import { notMemberMessage } from './compare-ec-member';
import { loginWithProvider } from './login-with-provider';

/** How the member signs in: the login form, LINE's access token, or the session they arrived with. */
export type SignIn =
  | ({ with: 'password' } & Credentials)
  | { with: 'line'; lineToken: string }
  | { with: 'session'; token: string; method: LoginType };

export interface Notice {
  message: string;
  /** Only for a LINE id not yet bound: the notice offers the way to /line_bind. */
  offerLineBind: boolean;
  /** Where the member goes once the notice is confirmed, when they are signed in but could not be sent on. */
  thenLeaveFor?: string;
  /** LINE never answered LIFF's start: only loading the page again starts it afresh. */
  offerReload?: boolean;
}

/** Where a sign-in ends: leaving for the redirect location, or on this screen, with a notice or without one. */
export type SignInOutcome = { leaving: true } | { leaving: false; notice: Notice | null };

const stay = (message: string | null = null, offerLineBind = false): SignInOutcome => ({
  leaving: false,
  notice: message === null ? null : { message, offerLineBind },
});

/** The spec's login flow, whichever way the member comes in (section 4). */
export function signIn(how: SignIn): Promise<SignInOutcome> {
  if (how.with === 'password') return signInWithPassword(how);
  if (how.with === 'line') return signInWithLine(how.lineToken);
  return goOn(how.token, how.method);
}

/** C01 signs in; MEMBER_IS_NOT_EXIST asks the e-commerce comparison why; any other RC shows its RM. */
async function signInWithPassword(credentials: Credentials): Promise<SignInOutcome> {
  const answer = await login(credentials);
  if (hasRc(answer, 'MEMBER_IS_NOT_EXIST')) return stay(await notMemberMessage(credentials.account));
  if (!hasRc(answer, 'C01')) return stay(answer.rcrm.RM);
  const token = memberTokenOf(answer, 'login');
  startSession(token, 'Member');
  return goOn(token, 'Member');
}

/** A bound LINE user signs in; one not yet bound is offered the bind screen, with the bind data kept for it. */
async function signInWithLine(lineToken: string): Promise<SignInOutcome> {
  const answer = await loginWithProvider(lineToken);
  if (hasRc(answer, 'LINE_NOT_BOUND')) {
    keepLineBindData(lineToken);
    return stay(loginTexts.lineNotBound, true);
  }
  if (!hasRc(answer, 'C01')) return stay(answer.rcrm.RM);
  const token = memberTokenOf(answer, 'login_with_provider');
  startSession(token, 'Line');
  storage.lineAccessToken.set(lineToken);
  return goOn(token, 'Line');
}

/**
 * A signed-in member: the sign-in event, then the redirect location. When it cannot be had (a
 * stale saved rurl, a failing member API), the member is told why, then goes to the member API's
 * location or, failing that, the profile: signed in, never left on /login.
 */
async function goOn(token: string, method: LoginType): Promise<SignInOutcome> {
  trackSignIn(method);
  const plan = await planRedirect(token);
  if (!plan.failed && leaveFor(plan.location)) return { leaving: true };
  // Ended elsewhere (a session this device arrived with, its password changed on another): the
  // member signs in again here, and a saved rurl still waits for that sign-in.
  if (plan.failed && plan.sessionEnded) return stay(plan.refusal ?? RC_MESSAGES.TOKEN_INVALID);
  const refusal = plan.failed ? plan.refusal : null;
  return {
    leaving: false,
    notice: {
      message: `${refusal ?? loginTexts.redirectFailed}\n${loginTexts.goingToDefault}`,
      offerLineBind: false,
      thenLeaveFor: plan.location ?? DEFAULT_REDIRECT_PATH,
    },
  };
}
