import cluster, { type Worker } from 'node:cluster';

/** A worker that dies this soon after it started is broken, not unlucky: no replacement for it. */
const STEADY_AFTER_MS = 10_000;

/**
 * The primary process of `WORKERS` > 1: forks that many server processes sharing one port (Node's
 * cluster hands out connections), resolves once all listen, replaces one that dies later, and on
 * SIGTERM or SIGINT asks each to finish its requests and waits for them.
 */
export function superviseWorkers(count: number): Promise<void> {
  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());

  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  return new Promise((resolve, reject) => {
    let listening = 0;
    cluster.on('listening', () => {
      listening += 1;
      if (listening === count) resolve();
    });
    cluster.on('exit', (worker, code, signal) => {
      const ranFor = Date.now() - (startedAt.get(worker) ?? 0);
      startedAt.delete(worker);
      if (stopping) {
        if (startedAt.size === 0) process.exit(0);
        return;
      }
      console.error(`服務行程 ${worker.process.pid} 已結束（${signal ?? code}）`);
      if (listening < count || ranFor < STEADY_AFTER_MS) {
        stop();
        reject(new Error('服務行程無法啟動，已停止所有行程'));
        return;
      }
      fork();
    });
    for (let i = 0; i < count; i += 1) fork();
  });
}
