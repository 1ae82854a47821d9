import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './database';
import { sqlState } from './errors';

/**
 * PostgreSQL ends one of two transactions that wait on each other (a deadlock), and may end a
 * serializable one that met another's write. Either way the ended transaction wrote nothing.
 */
const CONFLICTS: Record<string, string> = { '40P01': '死結', '40001': '序列化衝突' };

/** How many times a transaction is tried in all before its conflict is answered as an error. */
export const CONFLICT_ATTEMPTS = 3;

/**
 * The work's result, trying it again when PostgreSQL ended it for a conflict. Only for work
 * whose every effect is inside the transaction: each transaction here sends its SMS, and tells
 * LINE or a till, after it commits, so an attempt that was ended leaves nothing to undo.
 */
export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = sqlState(error);
      const conflict = code ? CONFLICTS[code] : undefined;
      if (!conflict || attempt >= CONFLICT_ATTEMPTS) throw error;
      // A deadlock means two orders of taking rows that the code should not have: worth an error in
      // the log, and a failed test (tests/server/setup.ts). By its code only: the statement would
      // name tables and values.
      console.error(`資料庫交易遇到${conflict}（${code}），第 ${attempt} 次重試`);
      // Apart by a few milliseconds, so that the two do not meet the same way again.
      await sleep(attempt * (5 + Math.random() * 20));
    }
  }
}

/** Makes every transaction of `db` tried again after a conflict; a nested one's savepoint is not. */
export function retryingTransactions(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => retryingConflicts(() => transaction(work, config))) as Db['transaction'];
}
