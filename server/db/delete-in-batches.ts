import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/** Rows a housekeeping delete takes at a time. */
export const DELETE_BATCH_ROWS = 5_000;

export interface BatchOptions {
  /** Rows a delete takes at a time. */
  batchRows?: number;
  /** Aborted when the server stops: no further batch starts, and the rows left wait for the next sweep. */
  signal?: AbortSignal;
}

/**
 * Deletes the rows of `table` matching `where`, a batch at a time: the first sweep of a table
 * that has grown for years holds no long transaction and no lock on more than a batch, and
 * several processes sweeping at once share the work (a row one of them took is gone for the
 * others). Answers how many rows went.
 */
export async function deleteInBatches(
  db: Db,
  table: PgTable,
  id: PgColumn,
  where: SQL,
  { batchRows = DELETE_BATCH_ROWS, signal }: BatchOptions = {},
): Promise<number> {
  let removed = 0;
  while (!signal?.aborted) {
    const batch = db.select({ id }).from(table).where(where).limit(batchRows);
    // `where` again on the delete itself: a row the batch picked that another transaction changed
    // meanwhile (a mobile change asked for anew, its end moved on) is checked again once that one
    // commits; PostgreSQL does not look at the subquery again, only at the delete's own condition.
    const gone = await db
      .delete(table)
      .where(and(where, inArray(id, batch)))
      .returning({ id });
    removed += gone.length;
    // Until a batch finds nothing: a short batch may only mean another process took some rows.
    if (gone.length === 0) break;
  }
  return removed;
}
