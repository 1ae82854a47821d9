import { type Config, loadConfig } from '../server/config';

export const BENCH_SIGN_KEY = 'bench-sign-key-0123456789';
export const BENCH_AES_KEY = 'bench-aes-key-0123456789';

/** A production-shaped server (real keys, a LIFF app) whose rate limit stays out of the way of the load. */
export const BENCH_ENV = {
  NODE_ENV: 'production',
  CRM_SIGN_KEY: BENCH_SIGN_KEY,
  CRM_AES_KEY: BENCH_AES_KEY,
  LIFF_ID: '1234567890-BenchLif',
  LINE_CHANNEL_ID: '1234567890',
  PUBLIC_URL: 'https://member.example.com',
  // Production refuses the SMS outbox; the throughput runs send no SMS, so nothing listens here.
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'https://127.0.0.1:9/sms',
  SMS_HTTP_TOKEN: 'bench-sms-token',
  RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_CHECKS_PER_MINUTE: '1000000',
};

/** The abuse runs: the shipped budgets and lockout, real keys, SMS kept in the outbox (no production). */
export const ABUSE_ENV = {
  NODE_ENV: 'development',
  CRM_SIGN_KEY: BENCH_SIGN_KEY,
  CRM_AES_KEY: BENCH_AES_KEY,
  LIFF_ID: '1234567890-BenchLif',
  LINE_CHANNEL_ID: '1234567890',
};

export const abuseConfig = (): Config => loadConfig(ABUSE_ENV);

export const benchConfig = (): Config => loadConfig(BENCH_ENV);

/** The member the throughput runs log in as. */
export const BENCH_MEMBER = { mobile: '0911000111', password: 'bench1234', name: '壓測會員' } as const;

/**
 * The members the login run logs in as, one per connection: many members log in at once, not
 * one member eight times at once (the lockout counts a member's checks in flight, and refuses
 * a sixth before the first five are decided).
 */
export const LOGIN_MEMBERS = Array.from({ length: 8 }, (_, i) => ({
  ...BENCH_MEMBER,
  mobile: `09110002${String(i).padStart(2, '0')}`,
}));

/** Seconds of load per measured figure (BENCH_SECONDS overrides, e.g. 3 for a quick look). */
export const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP_SECONDS = 2;
