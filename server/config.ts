import {
  MEMBER_TOKEN_DAYS,
  OAUTH_REDIRECT_URI_MAX_LENGTH,
  OAUTH_REQUEST_MINUTES,
  OAUTH_STATE_MAX_LENGTH,
  SMS_RESEND_SECONDS,
  TEMP_TOKEN_MINUTES,
} from '#protocol';
import { DEMO_AES_KEY, DEMO_SIGN_KEY, parseEnv } from './env';

export { ConfigError, DEMO_AES_KEY, DEMO_SIGN_KEY } from './env';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Limits of PROTOCOL.md that the server enforces; each is written here once. */
export const LIMITS = {
  memberTokenMs: MEMBER_TOKEN_DAYS * DAY,
  tempTokenMs: TEMP_TOKEN_MINUTES * MINUTE,
  /**
   * Sessions one member may hold at once (phone, LINE, desktop, a shared computer left signed
   * in...): a sign-in past it ends the member's oldest. Each lives a year; without a bound, a
   * caller repeating sign-ins to their own account leaves a row a year for each.
   */
  liveSessionsPerMember: 20,
  lockoutFailures: 5,
  lockoutWindowMs: 15 * MINUTE,
  lockoutMs: 15 * MINUTE,
  rateLimitWindowMs: MINUTE,
  healthCheckTimeoutMs: 2_000,
  /**
   * PostgreSQL's waits (decision 0020): for a connection, for one statement (PostgreSQL cancels
   * it), and for any answer at all. Every statement of a call takes milliseconds; a database held
   * up longer is answered SYSTEM_ERROR in seconds, well within the app's 20 s, instead of a call
   * that hangs until the member gives up and is told the signal failed.
   */
  databaseConnectMs: 5_000,
  databaseStatementMs: 5_000,
  databaseAnswerMs: 7_000,
  /**
   * A transaction left open with nothing running in it: PostgreSQL ends it and frees its locks.
   * None of the server's waits on anything outside the database (decision 0029), so only a
   * connection the server gave up on, whose end PostgreSQL has not yet seen, stays that long.
   */
  databaseIdleInTransactionMs: 30_000,
  aesKeyCookieMaxAgeSeconds: 400 * 24 * 60 * 60,
  oauthRequestMs: OAUTH_REQUEST_MINUTES * MINUTE,
  oauthCodeMs: MINUTE,
  /**
   * How long a record past all use is kept before it is removed, for an operator looking into an
   * incident: an expired or revoked token, an SMS code past the send limits' window (unless a new
   * send to its mobile and purpose removes it first), a finished OAuth hop (whose replayed code is
   * still recognised meanwhile).
   */
  spentRecordKeepMs: DAY,
  oauthStateMaxLength: OAUTH_STATE_MAX_LENGTH,
  oauthRedirectUriMaxLength: OAUTH_REDIRECT_URI_MAX_LENGTH,
  oauthClientNameMaxLength: 100,
  /** A store till's name as the operator gives it and the member's card lists it. */
  posTerminalNameMaxLength: 50,
  /** How far back a scanned one-time part is looked for: older matches are told apart as expired, not unknown. */
  cardLookBackSteps: 20,
  /** A verification code lives 10 minutes, is used once, and dies at the fifth wrong try. */
  verifyCodeMs: 10 * MINUTE,
  verifyCodeMaxAttempts: 5,
  /** At most 3 codes per mobile and purpose in any 24 hours, at least 60 s apart. */
  smsSendsPerWindow: 3,
  smsSendWindowMs: DAY,
  smsResendMs: SMS_RESEND_SECONDS * 1000,
  /** One registration's temp token may have codes sent to at most this many different mobiles. */
  registerTokenMobiles: 3,
  /**
   * How often PGlite's tables are vacuumed (modules/housekeeping/vacuum.ts): a few times a day is
   * plenty for what a sweep removes in that time, and each table's turn holds PGlite's one
   * connection, so requests wait for it.
   */
  pgliteVacuumEveryMs: 6 * 60 * MINUTE,
  /** How often the housekeeping sweep runs (expired unfinished registrations, spent tokens and codes). */
  housekeepingSweepMs: 10 * MINUTE,
  /** A requested mobile change waits this long for its code, from its last send (a resend starts the wait afresh). */
  mobileChangeMs: 30 * MINUTE,
  /** How long the http SMS provider may take to accept a message. */
  smsHttpTimeoutMs: 10_000,
  /** How long LINE may take to answer each of the two token checks (overridable: LINE_API_TIMEOUT_MS). */
  lineApiTimeoutMs: 5_000,
  /** Binding LINE needs a member token from a password login at most this old: the password was just proven. */
  lineBindLoginMs: 10 * MINUTE,
} as const;

/** The member `npm start` creates on an empty demo database, printed at start. */
export const DEMO_MEMBER = { mobile: '0912345678', password: 'demo1234', name: '示範會員' } as const;

export type SmsConfig = { provider: 'outbox' } | { provider: 'http'; url: string; token: string };

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise PGlite files under `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  signKey: string;
  aesKey: string;
  /** No CRM_SIGN_KEY / CRM_AES_KEY: the built-in demo keys are in use. */
  demoKeys: boolean;
  liffId: string | null;
  lineChannelId: string | null;
  lineApiBase: string;
  /** How long each call to the LINE API may take. */
  lineApiTimeoutMs: number;
  /** No LIFF_ID: the browser uses the LIFF mock and the server a demo LINE verifier. */
  demoLine: boolean;
  demoMode: boolean;
  allowedRedirectOrigins: string[];
  defaultRedirectUrl: string;
  /** Origin of every link the server writes (OAuth authorize_url, images); null: the listen origin, development and tests only. */
  publicUrl: string | null;
  sms: SmsConfig;
  /** API calls a minute from one client address, every call counted. */
  rateLimitPerMinute: number;
  /** Calls a minute from one client address that check a password or a code, or whether a mobile is registered. */
  rateLimitChecksPerMinute: number;
  /** Member-card verify calls a minute from one store till (its API key). */
  posVerifyPerMinute: number;
  /** SMS sends an hour caused by one client address, across every mobile and purpose, whose codes were not yet entered (decision 0026). */
  smsPerAddressPerHour: number;
  /** SMS sends a minute for the whole deployment. */
  smsMaxPerMinute: number;
  /** Shared store of the rate-limit counters; null: each process counts in its own memory. */
  redisUrl: string | null;
  /** Prefix of every Redis key, so deployments can share one Redis. */
  redisKeyPrefix: string;
  /** The proxies in front (a hop count or their addresses); never `true`, see TRUST_PROXY in env.ts. */
  trustProxy: false | number | string[];
  /** Server processes on this machine (WORKERS; `auto` is one per core). */
  workers: number;
  nodeEnv: 'development' | 'production' | 'test';
  production: boolean;
}

/** The validated configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = parseEnv(env);
  const demoKeys = !e.CRM_SIGN_KEY;
  const demoLine = !e.LIFF_ID;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: e.DATA_DIR,
    signKey: e.CRM_SIGN_KEY ?? DEMO_SIGN_KEY,
    aesKey: e.CRM_AES_KEY ?? DEMO_AES_KEY,
    demoKeys,
    liffId: e.LIFF_ID ?? null,
    lineChannelId: e.LINE_CHANNEL_ID ?? null,
    lineApiBase: e.LINE_API_BASE,
    lineApiTimeoutMs: e.LINE_API_TIMEOUT_MS ?? LIMITS.lineApiTimeoutMs,
    demoLine,
    demoMode: demoKeys || demoLine,
    allowedRedirectOrigins: e.ALLOWED_REDIRECT_ORIGINS,
    defaultRedirectUrl: e.DEFAULT_REDIRECT_URL,
    publicUrl: e.PUBLIC_URL ?? null,
    sms:
      e.SMS_PROVIDER === 'http' && e.SMS_HTTP_URL && e.SMS_HTTP_TOKEN
        ? { provider: 'http', url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN }
        : { provider: 'outbox' },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitChecksPerMinute: e.RATE_LIMIT_CHECKS_PER_MINUTE,
    posVerifyPerMinute: e.POS_VERIFY_PER_MINUTE,
    smsPerAddressPerHour: e.SMS_PER_ADDRESS_PER_HOUR,
    smsMaxPerMinute: e.SMS_MAX_PER_MINUTE,
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY,
    workers: e.WORKERS,
    nodeEnv: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
  };
}
