import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LIMITS } from '../../config';
import type { AppContext } from '../../context';
import type { Database, Db } from '../../db/client';
import { sweepStaleRegistrations } from '../members/service';
import { pruneFinishedHops } from '../oauth/service';
import { pruneEndedMobileChanges } from '../profile/service';
import { pruneDeadTokens } from '../tokens/service';
import { pruneOldCodes } from '../verification/service';
import { vacuumWhenDue } from './vacuum';

/** One kind of row that stops being of use, removed by `run`, which answers how many went. */
export interface HousekeepingJob {
  /** `signal` is aborted when the server stops: a job deleting in batches starts no further batch. */
  run: (db: Db, now: Date, signal: AbortSignal) => Promise<number>;
  /** Logged with the count when rows went. */
  removed: string;
  /** Logged with the failure; the next sweep tries again. */
  failed: string;
}

/**
 * The registrations first: a stale one's temp token goes with its member, so the tokens' count
 * says only what the tokens' own rule removed.
 */
export const HOUSEKEEPING_JOBS: readonly HousekeepingJob[] = [
  {
    // An abandoned or hostile registration must not keep a stranger's mobile; the next
    // registration of such a mobile removes it at once anyway.
    run: sweepStaleRegistrations,
    removed: '已移除逾時未完成的註冊',
    failed: '清除逾時未完成的註冊失敗，下次再試',
  },
  {
    run: (db, now, signal) => pruneDeadTokens(db, now, { signal }),
    removed: '已移除失效超過一天的登入憑證',
    failed: '清除失效的登入憑證失敗，下次再試',
  },
  {
    // Before the codes: a request ended unconfirmed is no reason to keep anything of its code.
    run: (db, now, signal) => pruneEndedMobileChanges(db, now, { signal }),
    removed: '已移除逾時未確認的手機號碼變更申請',
    failed: '清除逾時的手機號碼變更申請失敗，下次再試',
  },
  {
    run: (db, now, signal) => pruneOldCodes(db, now, { signal }),
    removed: '已移除超過計算期限的簡訊驗證碼',
    failed: '清除過期的簡訊驗證碼失敗，下次再試',
  },
  {
    run: (db, now, signal) => pruneFinishedHops(db, now, { signal }),
    removed: '已移除逾期超過一天的 OAuth 授權請求',
    failed: '清除逾期的 OAuth 授權請求失敗，下次再試',
  },
];

/**
 * Runs each job once; a job that fails is logged and keeps none of the others from running.
 * Once `signal` is aborted (the server stopping), no further job starts.
 */
export async function sweepOnce(
  db: Db,
  now: Date,
  log: FastifyBaseLogger,
  jobs: readonly HousekeepingJob[] = HOUSEKEEPING_JOBS,
  signal: AbortSignal = new AbortController().signal,
): Promise<void> {
  for (const job of jobs) {
    if (signal.aborted) return;
    try {
      const removed = await job.run(db, now, signal);
      if (removed > 0) log.info({ removed }, job.removed);
    } catch (error) {
      log.warn({ err: error }, job.failed);
    }
  }
}

/**
 * Every few minutes, removes what is past all use: registrations that never reached step 3
 * and whose temp token has expired, mobile changes never confirmed in time, and, a day after
 * their end, tokens, SMS codes and OAuth hops. Every
 * process sweeps; the deletes are idempotent, so several at once do no harm, and a sweep still
 * running when the next is due lets that one go. On PGlite, a sweep every few hours then
 * vacuums the tables (./vacuum.ts); the first sweep comes minutes after start, never holding it up.
 *
 * Closing waits for a sweep under way, which stops after the statement it is in: the database
 * is closed after the app, and a delete cut off by that would be logged as a failure.
 */
export function scheduleHousekeeping(
  app: FastifyInstance,
  { db, now }: Pick<AppContext, 'db' | 'now'>,
  database: Database['kind'],
  jobs: readonly HousekeepingJob[] = HOUSEKEEPING_JOBS,
): void {
  const stopping = new AbortController();
  const vacuum = vacuumWhenDue(database, db, app.log);
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= sweepOnce(db, now(), app.log, jobs, stopping.signal)
      .then(() => vacuum(now(), stopping.signal))
      .finally(() => {
        running = undefined;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, LIMITS.housekeepingSweepMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  });
}
