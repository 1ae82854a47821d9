import cluster, { type Worker } from 'node:cluster';

/** A worker that dies this soon after it started did not get going: at the start, the server is broken. */
const STEADY_AFTER_MS = 10_000;
/** The longest wait before trying again a replacement that keeps dying at once. */
const RETRY_AT_MOST_MS = 30_000;

/**
 * The primary process of `WORKERS` > 1: forks that many server processes sharing one port (Node's
 * cluster hands out connections), resolves once all listen, replaces one that dies later, and on
 * SIGTERM or SIGINT asks each to finish its requests and waits for them.
 *
 * A worker that dies before all have listened stops the start: something the operator must fix
 * (a setting, a port, a database that cannot be reached) keeps them all from running. Later, a
 * replacement that dies at once is most likely kept from starting by something outside it that
 * passes (a database restarting): it is tried again, further apart each time, while the others
 * go on serving. Stopping everything then would turn one lost worker into an outage, and one that
 * a supervisor reading the exit code could take for a clean stop.
 */
export function superviseWorkers(count: number): Promise<void> {
  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const fork = () => {
    if (!stopping) startedAt.set(cluster.fork(), Date.now());
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  return new Promise((resolve, reject) => {
    let listening = 0;
    let started = false;
    let quickDeaths = 0;
    cluster.on('listening', () => {
      listening += 1;
      if (listening === count) {
        started = true;
        resolve();
      }
    });
    cluster.on('exit', (worker, code, signal) => {
      const ranFor = Date.now() - (startedAt.get(worker) ?? 0);
      startedAt.delete(worker);
      if (stopping) {
        if (startedAt.size === 0) process.exit(0);
        return;
      }
      console.error(`服務行程 ${worker.process.pid} 已結束（${signal ?? code}）`);
      if (!started) {
        stop();
        reject(new Error('服務行程無法啟動，已停止所有行程'));
        return;
      }
      quickDeaths = ranFor < STEADY_AFTER_MS ? quickDeaths + 1 : 0;
      if (quickDeaths === 0) return fork();
      const waitMs = Math.min(1_000 * 2 ** (quickDeaths - 1), RETRY_AT_MOST_MS);
      console.error(`服務行程無法啟動，${Math.round(waitMs / 1_000)} 秒後再試`);
      setTimeout(fork, waitMs);
    });
    for (let i = 0; i < count; i += 1) fork();
  });
}
