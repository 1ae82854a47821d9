import type { Db } from './database';

/**
 * A statement prepared once per database handle. The hot reads run thousands of times a second:
 * prepared, Drizzle builds their SQL once instead of on every call (its query building was the
 * largest share of the server's own CPU under a read load), and on PostgreSQL the statement is
 * named, so each connection parses and plans it once. Only for the handle itself, never a
 * transaction's: a transaction's statements are few and short-lived.
 */
export function preparedPerDatabase<Statement>(prepare: (db: Db) => Statement): (db: Db) => Statement {
  const statements = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
