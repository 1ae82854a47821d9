import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../config';
import type { AppContext } from '../../context';
import { sweepStaleRegistrations } from '../members/service';

/**
 * Every few minutes, removes registrations that never reached step 3 and whose temp token has
 * expired, so an abandoned or hostile registration does not keep a stranger's mobile. The
 * next registration of such a mobile removes it at once anyway; this keeps the table tidy.
 * Every process sweeps; the deletes are idempotent, so several at once do no harm.
 */
export function scheduleStaleRegistrationSweep(app: FastifyInstance, { db, now }: AppContext): void {
  const sweep = async () => {
    try {
      const removed = await sweepStaleRegistrations(db, now());
      if (removed > 0) app.log.info({ removed }, '已移除逾時未完成的註冊');
    } catch (error) {
      app.log.warn({ err: error }, '清除逾時未完成的註冊失敗，下次再試');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, LIMITS.staleRegistrationSweepMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
