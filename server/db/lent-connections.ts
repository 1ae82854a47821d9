import pg from 'pg';

/**
 * SQLSTATEs that leave the connection itself in doubt: a connection exception (class 08), and
 * PostgreSQL shutting down or ending this connection (57P01 to 57P05).
 */
const inDoubt = (code: string | undefined): boolean => !code || code.startsWith('08') || code.startsWith('57P0');

/**
 * Whether a failed statement was answered by PostgreSQL on a connection that still works: an
 * error of its own (a constraint, a cancelled statement), after which the transaction can be
 * rolled back on it. Anything else (no answer within the bound, a closed socket) leaves the
 * connection's state unknown: a statement may still be running, a transaction still open.
 */
const answeredOnAWorkingConnection = (error: unknown): boolean =>
  error instanceof pg.DatabaseError && !inDoubt(error.code);

/**
 * Guards every connection of `pool` for the time it is lent to a transaction, which pg's pool does
 * not: lent out, a connection has no listener of the pool's, so PostgreSQL ending it (a restart, a
 * failover) would be an error nobody listens to, and the process would stop; and one whose
 * statement got no answer would go back to the pool as if healthy, still inside its transaction,
 * or, when it was `begin` that failed, never go back at all (drizzle releases only after it).
 *
 * Here such a connection is given up at once: the pool removes it and opens another when needed,
 * its later statements (drizzle's rollback) fail at once with the same error, and its release
 * after them does nothing. PostgreSQL rolls back what was open on it when the socket closes.
 */
export function guardLentConnections(pool: pg.Pool, onLost: (error: unknown) => void): void {
  pool.on('connect', (client) => {
    client.on('error', onLost);
    let lost: unknown = null;
    const giveUp = (error: unknown) => {
      lost = error;
      const release = client.release;
      client.release = () => {};
      release(error instanceof Error ? error : new Error('connection given up'));
    };
    // The class's own query, looked up at each call, so that whatever wraps the class (a test's count
    // of round trips) sees every statement.
    const query = (...args: unknown[]): unknown =>
      (Object.getPrototypeOf(client).query as (...args: unknown[]) => unknown).apply(client, args);
    client.query = ((...args: unknown[]) => {
      // With a callback it is the pool's own query, which removes a connection on any failure itself.
      if (typeof args.at(-1) === 'function') return query(...args);
      if (lost) return Promise.reject(lost);
      const result = query(...args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (!answeredOnAWorkingConnection(error) && !lost) giveUp(error);
        throw error;
      });
    }) as typeof client.query;
  });
}
