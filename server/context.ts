import type { Config } from './config';
import type { Db } from './db/client';
import type { SmsBudget } from './modules/verification/service';
import type { SmsSender } from './sms';

/** What every module's routes receive: settings, the database and the clock. */
export interface AppContext {
  config: Config;
  db: Db;
  /** The server's clock; tests pass a controllable one instead of sleeping. */
  now: () => Date;
  /** Where text messages go (the outbox in development, the HTTP gateway in production). */
  sms: SmsSender;
  /** The per-address and deployment-wide SMS budgets (SMS_PER_ADDRESS_PER_HOUR, SMS_MAX_PER_MINUTE). */
  smsBudget: SmsBudget;
}
