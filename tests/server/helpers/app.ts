import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildEnvelope, encryptValue } from '#protocol';
import { buildApp } from '../../../server/app';
import { type Config, loadConfig } from '../../../server/config';
import type { Db } from '../../../server/db/client';
import type { SmsSender } from '../../../server/sms';
import { createTestDatabase, emptyTables, secondConnection, type TestDatabase } from './database';

export const TEST_SIGN_KEY = 'test-sign-key-0123456789';
export const TEST_AES_KEY = 'test-aes-key-0123456789';

/** The test environment: real keys and LINE settings, so nothing runs in demo mode unless asked. */
export const TEST_ENV = {
  NODE_ENV: 'test',
  CRM_SIGN_KEY: TEST_SIGN_KEY,
  CRM_AES_KEY: TEST_AES_KEY,
  LIFF_ID: '1234567890-TestLiff',
  LINE_CHANNEL_ID: '1234567890',
  // No test reaches the real LINE: where a test does not start its fake LINE, nothing answers.
  LINE_API_BASE: 'http://127.0.0.1:9',
  ALLOWED_REDIRECT_ORIGINS: 'https://shop.example.com',
  // Every test calls from one address, and most make more calls than a member would: the
  // budgets are tested on their own (rate-limit, sms-budgets), with their own settings.
  RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_CHECKS_PER_MINUTE: '1000000',
  SMS_PER_ADDRESS_PER_HOUR: '1000000',
  SMS_MAX_PER_MINUTE: '1000000',
};

export const testConfig = (env: Record<string, string> = {}): Config => loadConfig({ ...TEST_ENV, ...env });

/** A clock the tests move by hand instead of sleeping. */
export class TestClock {
  constructor(private at = new Date('2025-03-01T02:00:00.000Z')) {}
  now = (): Date => new Date(this.at);
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  config: Config;
  testDatabase: TestDatabase;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestApp(
  options: {
    env?: Record<string, string>;
    distDir?: string;
    sms?: SmsSender;
    logger?: FastifyServerOptions['logger'];
    /** Another app instance's database and clock: two instances over one database, as behind a load balancer. */
    shareDatabaseWith?: TestApp;
    /** How long a request may take to arrive (see AppOptions). */
    requestArrivalMs?: number;
    /** A database opened by the test itself (its own waits, its own way there); closed with the app. */
    testDatabase?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const testDatabase =
    options.testDatabase ??
    (options.shareDatabaseWith
      ? await secondConnection(options.shareDatabaseWith.testDatabase)
      : await createTestDatabase());
  const clock = options.shareDatabaseWith?.clock ?? new TestClock();
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    database: testDatabase.database,
    now: clock.now,
    distDir: options.distDir ?? '/nonexistent-dist',
    sms: options.sms,
    logger: options.logger,
    requestArrivalMs: options.requestArrivalMs,
  });
  const db = testDatabase.database.db;
  return {
    app,
    db,
    clock,
    config,
    testDatabase,
    reset: () => emptyTables(db),
    close: async () => {
      await app.close();
      await testDatabase.close();
    },
  };
}

export const enc = (plaintext: string): string => encryptValue(TEST_AES_KEY, plaintext);

export interface SignedCall {
  token?: string | null;
  request_parameter?: Record<string, unknown>;
}

/** POSTs a signed envelope stamped with the test clock's time (or `at`). */
export function postSigned(
  t: TestApp,
  url: string,
  call: SignedCall,
  options: { at?: Date; signKey?: string; headers?: InjectOptions['headers']; from?: string } = {},
): Promise<LightMyRequestResponse> {
  const body = buildEnvelope(options.signKey ?? TEST_SIGN_KEY, call, options.at ?? t.clock.now());
  return t.app.inject({ method: 'POST', url, payload: body, headers: options.headers, remoteAddress: options.from });
}
