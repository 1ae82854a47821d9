import autocannon from 'autocannon';
import { MEASURE_SECONDS, WARMUP_SECONDS } from './config';

export interface LoadTarget {
  title: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** One body per connection instead of `body`: connection i sends bodies[i % length]. */
  bodies?: string[];
  connections: number;
  /** Every answer is HTTP 200, so success is read from the body. */
  expectInBody: string;
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  completed: number;
}

function fire(target: LoadTarget, seconds: number): Promise<autocannon.Result> {
  let connection = 0;
  const { bodies } = target;
  return autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: bodies ? bodies[0] : target.body,
    setupClient: bodies ? (client) => client.setBody(bodies[connection++ % bodies.length] ?? '') : undefined,
    connections: target.connections,
    duration: seconds,
    verifyBody: (body) => String(body ?? '').includes(target.expectInBody),
  });
}

/** A short warm-up (JIT, connection pools), then the measured run; any failed request fails the bench. */
export async function measureLoad(target: LoadTarget): Promise<LoadResult> {
  await fire(target, WARMUP_SECONDS);
  const result = await fire(target, MEASURE_SECONDS);
  const failures = result.errors + result.timeouts + result.non2xx + result.mismatches;
  if (failures > 0 || result.requests.total === 0) {
    throw new Error(
      `${target.title}: ${result.requests.total} answers, ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `${result.non2xx} non-2xx, ${result.mismatches} without ${target.expectInBody}`,
    );
  }
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p99Ms: result.latency.p99,
    completed: result.requests.total,
  };
}
