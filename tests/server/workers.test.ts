import { type ChildProcess, execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from './helpers/database';
import { quietNetworkTo } from './helpers/quiet-network';
import { freePort, spawnServer, until } from './helpers/server-process';

// WORKERS > 1 needs PostgreSQL and Redis, which CI provides; the default run has neither.
const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const ready = Boolean(adminUrl && redisUrl);
if (!ready) console.log('WORKERS tests skipped: they need DATABASE_URL and REDIS_URL (CI sets both).');

const SERVER_ENTRY = 'server/main.ts';
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

/**
 * The pids of a process's children that run the server, as the operating system lists them. While
 * the primary compiles with a cold TypeScript cache (a fresh machine, or the first run after the
 * server's files change), the loader's compiler service is a child too.
 */
const serverChildPids = (pid: number): number[] =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(SERVER_ENTRY))
    .map((line) => Number.parseInt(line.trim(), 10))
    .filter((value) => value > 0);

const workersEnv = (databaseUrl: string, port: number): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  REDIS_KEY_PREFIX: `workers-test-${port}:`,
  WORKERS: '2',
  PORT: String(port),
  HOST: '127.0.0.1',
});

describe('WORKERS=2 (PostgreSQL and Redis)', () => {
  it.skipIf(!ready)(
    'runs two server processes on one port, prints one start line, and stops them all on SIGTERM',
    async () => {
      const database = await createEmptyPostgresDatabase(adminUrl as string);
      cleanups.push(() => database.drop());
      const port = await freePort();
      const { child, output, exited } = spawnServer(
        ['--import', 'tsx', SERVER_ENTRY],
        workersEnv(database.url, port),
        children,
      );
      await until(() => output().includes('會員中心已啟動') || child.exitCode !== null, 45_000);
      expect(output()).toContain(`會員中心已啟動：http://127.0.0.1:${port}（2 個行程）`);
      expect(output().match(/會員中心已啟動/g)).toHaveLength(1);
      // The demo member is created by exactly one of the processes.
      expect(output().match(/示範會員：/g)).toHaveLength(1);
      const workers = serverChildPids(child.pid as number);
      expect(workers).toHaveLength(2);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.json())),
      );
      expect(answers.every((answer) => answer.status === 'ok')).toBe(true);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    },
  );

  it.skipIf(!ready)(
    'replaces a worker that dies while the database is away, trying again until it is back, and never stops the others',
    async () => {
      const database = await createEmptyPostgresDatabase(adminUrl as string);
      cleanups.push(() => database.drop());
      const network = await quietNetworkTo(database.url);
      cleanups.push(() => network.close());
      const port = await freePort();
      const { child, output, exited } = spawnServer(
        ['--import', 'tsx', SERVER_ENTRY],
        workersEnv(network.url, port),
        children,
      );
      await until(() => output().includes('會員中心已啟動') || child.exitCode !== null, 45_000);
      const [dying, staying] = serverChildPids(child.pid as number);

      // The database gone quiet, a worker dies: its replacements cannot reach the database in time.
      network.goQuiet();
      process.kill(dying as number, 'SIGKILL');
      await until(() => (output().match(/服務行程 \d+ 已結束/g) ?? []).length >= 2, 30_000);
      expect(child.exitCode).toBeNull();
      expect(() => process.kill(staying as number, 0)).not.toThrow();

      network.recover();
      // A replacement starts once the database answers, and both serve.
      await untilAsync(
        async () => serverChildPids(child.pid as number).length === 2 && (await healthOf(port)) === 'ok',
        60_000,
      );
      expect(output()).toMatch(/服務行程無法啟動，\d+ 秒後再試/);
      expect(child.exitCode).toBeNull();

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
    120_000,
  );
});

/** What /healthz on `port` says, or null when nothing answers. */
const healthOf = (port: number): Promise<string | null> =>
  fetch(`http://127.0.0.1:${port}/healthz`)
    .then((response) => response.json() as Promise<{ status: string }>)
    .then((answer) => answer.status)
    .catch(() => null);

/** Waits until `check` resolves true, asking every 250 ms. */
async function untilAsync(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
