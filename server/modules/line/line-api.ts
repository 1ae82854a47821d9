import { createHash } from 'node:crypto';
import * as v from 'valibot';
import type { Config } from '../../config';

/** Whose LINE access token this is, or why it is refused (`unavailable`: LINE did not answer usefully). */
export type LineTokenCheck = { ok: true; userId: string } | { ok: false; reason: 'rejected' | 'unavailable' };

const rejected: LineTokenCheck = { ok: false, reason: 'rejected' };
const unavailable: LineTokenCheck = { ok: false, reason: 'unavailable' };

const LINE_USER_ID = /^U[0-9a-f]{32}$/;
// Access tokens are printable ASCII; anything else could not travel in a header and is no token.
const TOKEN_CHARACTERS = /^[\x21-\x7e]+$/;

const verifyAnswer = v.object({ client_id: v.string(), expires_in: v.number() });
const profileAnswer = v.object({ userId: v.pipe(v.string(), v.regex(LINE_USER_ID)) });

type Answer = { status: number; body: unknown } | null;

/**
 * A GET to LINE within the time limit: its status and JSON body (undefined when the body is not
 * JSON or too slow), or null when LINE could not be reached in time.
 */
async function getJson(url: string, headers: Record<string, string>, timeoutMs: number): Promise<Answer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { headers, signal, redirect: 'error' });
  } catch {
    return null;
  }
  try {
    return { status: response.status, body: await response.json() };
  } catch {
    return { status: response.status, body: undefined };
  }
}

// LINE answers 4xx for a token it refuses; anything else that is not 200 means LINE is not well.
const failure = (answer: Answer): LineTokenCheck =>
  answer && answer.status >= 400 && answer.status < 500 ? rejected : unavailable;

/**
 * Asks LINE about an access token: it must be of our LINE Login channel and unexpired
 * (`/oauth2/v2.1/verify`), and the profile it opens (`/v2/profile`) gives the LINE user.
 */
export async function checkWithLine(config: Config, token: string): Promise<LineTokenCheck> {
  if (!config.lineChannelId || !TOKEN_CHARACTERS.test(token)) return rejected;
  const verifyUrl = `${config.lineApiBase}/oauth2/v2.1/verify?access_token=${encodeURIComponent(token)}`;
  const verified = await getJson(verifyUrl, { accept: 'application/json' }, config.lineApiTimeoutMs);
  if (verified?.status !== 200) return failure(verified);
  const grant = v.safeParse(verifyAnswer, verified.body);
  if (!grant.success) return unavailable;
  if (grant.output.client_id !== config.lineChannelId || !(grant.output.expires_in > 0)) return rejected;
  const profile = await getJson(
    `${config.lineApiBase}/v2/profile`,
    { accept: 'application/json', authorization: `Bearer ${token}` },
    config.lineApiTimeoutMs,
  );
  if (profile?.status !== 200) return failure(profile);
  const user = v.safeParse(profileAnswer, profile.body);
  return user.success ? { ok: true, userId: user.output.userId } : unavailable;
}

const DEMO_TOKEN = /^demo\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Demo mode's LINE (no LIFF app configured): the browser's LIFF mock hands out `demo.<device uuid>`,
 * and that browser is one demo LINE user, with an id shaped like LINE's.
 */
export function checkDemoToken(token: string): LineTokenCheck {
  const uuid = DEMO_TOKEN.exec(token)?.[1];
  if (!uuid) return rejected;
  const digest = createHash('sha256').update(`demo-line:${uuid.toLowerCase()}`).digest('hex');
  return { ok: true, userId: `U${digest.slice(0, 32)}` };
}

/** The LINE user of a token: asked of LINE, or in demo mode (never in production) of the demo rule. */
export function checkLineToken(config: Config, token: string): Promise<LineTokenCheck> {
  if (config.demoLine) return Promise.resolve(config.production ? rejected : checkDemoToken(token));
  return checkWithLine(config, token);
}
