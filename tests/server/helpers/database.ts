import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../../../server/db/client';
import {
  ecMembers,
  identityBindings,
  loginFailures,
  memberAuditEvents,
  members,
  memberTokens,
  oauthClientRedirectUris,
  oauthClients,
  oauthCodes,
  oauthRequests,
  pendingMobileChanges,
  referrals,
  smsOutbox,
  verificationCodes,
} from '../../../server/db/schema';

export interface TestDatabase {
  database: Database;
  /** Connection string of this file's own PostgreSQL database, when running on PostgreSQL. */
  url: string | null;
  close(): Promise<void>;
}

/**
 * PGlite in memory; or, when DATABASE_URL is set (CI), a fresh PostgreSQL database with a
 * random name, created through that admin connection and dropped by `close`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    return { database, url: null, close: once(() => database.close()) };
  }
  const fresh = await createEmptyPostgresDatabase(adminUrl);
  const database = await openDatabase({ databaseUrl: fresh.url });
  const closeDatabase = once(() => database.close());
  return {
    database,
    url: fresh.url,
    close: once(async () => {
      await closeDatabase();
      await fresh.drop();
    }),
  };
}

/** A new, empty PostgreSQL database (no migrations yet) beside the admin connection's. */
export async function createEmptyPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `member_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () => {
    done ??= action();
    return done;
  };
}

export async function emptyTables(db: Db): Promise<void> {
  await db.execute(
    sql`truncate members, member_tokens, login_failures, ec_members, oauth_clients, oauth_client_redirect_uris, oauth_requests, oauth_codes, referrals, verification_codes, sms_outbox, pending_mobile_changes, member_audit_events, identity_bindings restart identity cascade`,
  );
}

/** Row counts of every table, to show a rejected request changed nothing. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = {
    members,
    memberTokens,
    loginFailures,
    ecMembers,
    oauthClients,
    oauthClientRedirectUris,
    oauthRequests,
    oauthCodes,
    referrals,
    verificationCodes,
    smsOutbox,
    pendingMobileChanges,
    memberAuditEvents,
    identityBindings,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? -1;
  }
  return counts;
}
