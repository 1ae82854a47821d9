import { openDatabase } from '../server/db/client';
import { memberOfToken } from '../server/modules/tokens/service';
import { MEASURE_SECONDS, WARMUP_SECONDS } from './config';
import type { LoadResult } from './load';

async function readFor(seconds: number, inFlight: number, read: () => Promise<unknown>): Promise<LoadResult> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        if (!(await read())) throw new Error('the token read found no member');
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / seconds,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    completed: latencies.length,
  };
}

/**
 * The floor of a signed read on PostgreSQL: the server's own token-and-member statement
 * (`memberOfToken`, prepared, the same pool of 10) called with 10 in flight from a plain loop,
 * with no HTTP, no envelope and no crypto. The database's round trip on this machine, which no
 * signed read that checks its token on every call can beat.
 */
export async function measureTokenRead(databaseUrl: string, token: string): Promise<LoadResult> {
  const database = await openDatabase({ databaseUrl });
  try {
    const read = () => memberOfToken(database.db, token, new Date());
    await readFor(WARMUP_SECONDS, 10, read);
    return await readFor(MEASURE_SECONDS, 10, read);
  } finally {
    await database.close();
  }
}
