import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { LIMITS } from '../config';
import type { Database, DatabaseWaits } from './database';
import { guardLentConnections } from './lent-connections';
import { MIGRATION_LOCK_ID, MIGRATIONS_FOLDER } from './migrations-folder';
import * as schema from './schema';
import { connectionLostText, unreachable } from './unreachable';

const BOUNDED_WAITS: DatabaseWaits = {
  connectMs: LIMITS.databaseConnectMs,
  statementMs: LIMITS.databaseStatementMs,
  answerMs: LIMITS.databaseAnswerMs,
};

/**
 * PostgreSQL for the server and the command-line tools: the committed migrations applied on a
 * connection of their own, then a pool of 10 whose every wait is bounded (`waits`, decision 0020).
 */
export async function openPostgres(connectionString: string, waits: DatabaseWaits = BOUNDED_WAITS): Promise<Database> {
  await migratePostgres(connectionString, waits.connectMs);
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A call waits at most this long for a connection: a new one, or one of the pool's when all are busy.
    connectionTimeoutMillis: waits.connectMs,
    // PostgreSQL cancels a statement that runs longer, lock waits included, and says so.
    statement_timeout: waits.statementMs,
    // A PostgreSQL that says nothing at all (the network between gone quiet) fails the query here;
    // the pool then drops that connection instead of handing it out again.
    query_timeout: waits.answerMs,
    idle_in_transaction_session_timeout: LIMITS.databaseIdleInTransactionMs,
    keepAlive: true,
  });
  let closing = false;
  // A connection the server dropped, idle or lent: the pool discards it and the next query
  // reconnects. Once closing, pool.end() has asked every connection to end without waiting for
  // it, so a connection the server terminates meanwhile is expected and not worth a word.
  guardLentConnections(pool, (error) => {
    if (!closing) console.error(connectionLostText(error));
  });
  // Told above, by the connection's own listener; the pool's event has to be listened to as well.
  pool.on('error', () => {});
  const close = () => {
    closing = true;
    return pool.end();
  };
  return { db: drizzle(pool, { schema }), kind: 'postgres', close };
}

/**
 * The migrations, under an advisory lock so that processes starting together apply them once,
 * on a connection of their own: reaching PostgreSQL is bounded (a server that cannot reach it
 * stops with the reason), but not the statements, since building an index on a large table, or
 * waiting for another process's migrations, may take longer than any call should.
 */
async function migratePostgres(connectionString: string, connectMs: number): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: connectMs });
  const started = performance.now();
  // The first contact: a wrong DATABASE_URL, or a PostgreSQL that is down, is told here in the operator's words.
  await client.connect().catch((error: unknown) => {
    throw unreachable(error, connectionString, { connectMs, elapsedMs: performance.now() - started });
  });
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    // Ending the connection frees the lock, whatever state the migrations left it in.
    await client.end();
  }
}
