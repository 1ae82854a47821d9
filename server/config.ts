import { MEMBER_TOKEN_DAYS, OAUTH_REQUEST_MINUTES } from '../protocol';
import { DEMO_AES_KEY, DEMO_SIGN_KEY, parseEnv } from './env';

export { ConfigError, type ConfigIssue, DEMO_AES_KEY, DEMO_SIGN_KEY, isOrigin } from './env';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Limits of PROTOCOL.md that the server enforces; each is written here once. */
export const LIMITS = {
  memberTokenMs: MEMBER_TOKEN_DAYS * DAY,
  tempTokenMs: 30 * MINUTE,
  lockoutFailures: 5,
  lockoutWindowMs: 15 * MINUTE,
  lockoutMs: 15 * MINUTE,
  rateLimitWindowMs: MINUTE,
  healthCheckTimeoutMs: 2_000,
  aesKeyCookieMaxAgeSeconds: 400 * 24 * 60 * 60,
  oauthRequestMs: OAUTH_REQUEST_MINUTES * MINUTE,
  oauthCodeMs: MINUTE,
  /** Finished and expired OAuth hops are kept a day (a replayed code is still recognised), then pruned. */
  oauthRecordKeepMs: DAY,
  oauthStateMaxLength: 512,
  oauthRedirectUriMaxLength: 1024,
  oauthClientNameMaxLength: 100,
  /** A verification code lives 10 minutes, is used once, and dies at the fifth wrong try. */
  verifyCodeMs: 10 * MINUTE,
  verifyCodeMaxAttempts: 5,
  /** At most 3 codes per mobile and purpose in any 24 hours, at least 60 s apart. */
  smsSendsPerWindow: 3,
  smsSendWindowMs: DAY,
  smsResendMs: MINUTE,
  /** A requested mobile change waits this long for its code, like a temp token. */
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
  /** Origin of the member app in the OAuth authorize_url; null: the origin the request came to. */
  publicUrl: string | null;
  sms: SmsConfig;
  rateLimitPerMinute: number;
  trustProxy: boolean | number | string[];
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
    trustProxy: e.TRUST_PROXY,
    nodeEnv: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
  };
}
