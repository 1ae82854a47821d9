import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './app';

// Two app instances over one database, as behind a load balancer: the lockout, the budgets and
// the revocations are kept in the database (or Redis), not in a process, so they must hold when
// one instance answers what the other has counted or changed. Both share one clock.

/** What startTestApp takes, less what the second instance takes from the first. */
type InstanceOptions = Omit<NonNullable<Parameters<typeof startTestApp>[0]>, 'shareDatabaseWith' | 'testDatabase'>;

interface TwoInstancesOptions extends InstanceOptions {
  /** For the first instance alone, over the shared options (a logger the test reads, say). */
  first?: InstanceOptions;
}

interface TwoInstances {
  readonly first: TestApp;
  readonly second: TestApp;
}

/** Starts both instances; `close` closes the second, then the first, whose database it is. */
export async function startTwoInstances({
  first: firstOnly,
  ...both
}: TwoInstancesOptions = {}): Promise<TwoInstances & { close(): Promise<void> }> {
  const first = await startTestApp({ ...both, ...firstOnly });
  const second = await startTestApp({ ...both, shareDatabaseWith: first });
  return {
    first,
    second,
    close: async () => {
      await second.close();
      await first.close();
    },
  };
}

/**
 * Both instances for the whole file (or describe): started in beforeAll, closed in afterAll.
 * Options may be a function, for settings known only once an earlier beforeAll has run (a fake
 * LINE's address); vitest runs afterAll hooks in reverse ('stack'), so what it started outlives both.
 */
export function twoInstancesOverOneDatabase(
  options: TwoInstancesOptions | (() => TwoInstancesOptions) = {},
): TwoInstances {
  let started: Awaited<ReturnType<typeof startTwoInstances>> | undefined;
  beforeAll(async () => {
    started = await startTwoInstances(typeof options === 'function' ? options() : options);
  });
  afterAll(() => started?.close());
  const get = (): TwoInstances => {
    if (!started) throw new Error('The two instances start in beforeAll: use them in a hook or a test.');
    return started;
  };
  return {
    get first() {
      return get().first;
    },
    get second() {
      return get().second;
    },
  };
}
