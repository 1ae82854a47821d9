import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LIMITS } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { sweepStaleRegistrations } from '../members/service';
import { pruneDeadTokens } from '../tokens/service';
import { pruneOldCodes } from '../verification/service';

/** One kind of row that stops being of use, removed by `run`, which answers how many went. */
export interface HousekeepingJob {
  run: (db: Db, now: Date) => Promise<number>;
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
  { run: pruneDeadTokens, removed: '已移除失效超過一天的登入憑證', failed: '清除失效的登入憑證失敗，下次再試' },
  { run: pruneOldCodes, removed: '已移除超過計算期限的簡訊驗證碼', failed: '清除過期的簡訊驗證碼失敗，下次再試' },
];

/** Runs each job once; a job that fails is logged and keeps none of the others from running. */
export async function sweepOnce(
  db: Db,
  now: Date,
  log: FastifyBaseLogger,
  jobs: readonly HousekeepingJob[] = HOUSEKEEPING_JOBS,
): Promise<void> {
  for (const job of jobs) {
    try {
      const removed = await job.run(db, now);
      if (removed > 0) log.info({ removed }, job.removed);
    } catch (error) {
      log.warn({ err: error }, job.failed);
    }
  }
}

/**
 * Every few minutes, removes what is past all use: registrations that never reached step 3
 * and whose temp token has expired, and, a day after their end, tokens and SMS codes. Every
 * process sweeps; the deletes are idempotent, so several at once do no harm, and a sweep still
 * running when the next is due lets that one go.
 */
export function scheduleHousekeeping(app: FastifyInstance, { db, now }: AppContext): void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      await sweepOnce(db, now(), app.log);
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, LIMITS.housekeepingSweepMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
