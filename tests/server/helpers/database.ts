import { randomBytes } from 'node:crypto';
import { count, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../../../server/db/client';
import {
  ecMembers,
  identityBindings,
  loginAttempts,
  memberAuditEvents,
  memberCardScans,
  memberCards,
  members,
  memberTokens,
  oauthClientRedirectUris,
  oauthClients,
  oauthCodes,
  oauthRequests,
  pendingMobileChanges,
  posTerminals,
  referrals,
  smsOutbox,
  tempTokenMobiles,
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

/**
 * Another connection to a test database, for a second app instance: its own pool on
 * PostgreSQL; on PGlite, which one process holds, the same instance. Closing it leaves the
 * database to its owner.
 */
export async function secondConnection(owner: TestDatabase): Promise<TestDatabase> {
  if (!owner.url) return { database: { ...owner.database, close: async () => {} }, url: null, close: async () => {} };
  const database = await openDatabase({ databaseUrl: owner.url });
  return { database, url: owner.url, close: once(() => database.close()) };
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
    sql`truncate members, member_tokens, login_attempts, temp_token_mobiles, ec_members, oauth_clients, oauth_client_redirect_uris, oauth_requests, oauth_codes, referrals, verification_codes, sms_outbox, pending_mobile_changes, member_audit_events, identity_bindings, member_cards, member_card_scans, pos_terminals restart identity cascade`,
  );
}

/**
 * Row counts of every table, for a test about how many rows there are. To show that a refused
 * request changed nothing, compare `tableContents`: a count misses a row updated in place.
 */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = {
    members,
    memberTokens,
    loginAttempts,
    ecMembers,
    oauthClients,
    oauthClientRedirectUris,
    oauthRequests,
    oauthCodes,
    referrals,
    tempTokenMobiles,
    verificationCodes,
    smsOutbox,
    pendingMobileChanges,
    memberAuditEvents,
    identityBindings,
    memberCards,
    memberCardScans,
    posTerminals,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? -1;
  }
  return counts;
}

/** Each table's rows as JSON, by the table's name. */
export type TableContents = Record<string, unknown[]>;

/**
 * Every row of every table of the app, as JSON, each table's rows in a stable order: to show that
 * a refused request changed nothing, neither adding nor removing a row nor updating one in place.
 * The tables are listed from information_schema, so a table added later is watched too.
 */
export async function tableContents(db: Db): Promise<TableContents> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  // One round trip for all of them, since the fuzz test reads the whole database after every
  // request; one object per table, joined with ||, as a function takes at most 100 arguments.
  const each = tables.map(
    ({ name }) =>
      sql`jsonb_build_object(${name}::text, (select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]'::jsonb) from ${sql.identifier(name)} t))`,
  );
  if (each.length === 0) return {};
  const [row] = await rowsOf<{ contents: TableContents }>(db, sql`select ${sql.join(each, sql` || `)} as contents`);
  return row?.contents ?? {};
}

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers answer raw SQL with `rows`; drizzle types the answer per driver.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
