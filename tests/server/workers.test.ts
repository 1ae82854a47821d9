import { type ChildProcess, execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from './helpers/database';
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

describe('WORKERS=2 (PostgreSQL and Redis)', () => {
  it.skipIf(!ready)(
    'runs two server processes on one port, prints one start line, and stops them all on SIGTERM',
    async () => {
      const database = await createEmptyPostgresDatabase(adminUrl as string);
      cleanups.push(() => database.drop());
      const port = await freePort();
      const { child, output, exited } = spawnServer(
        ['--import', 'tsx', SERVER_ENTRY],
        {
          ...process.env,
          NODE_ENV: 'development',
          DATABASE_URL: database.url,
          REDIS_URL: redisUrl,
          REDIS_KEY_PREFIX: `workers-test-${port}:`,
          WORKERS: '2',
          PORT: String(port),
          HOST: '127.0.0.1',
        },
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
});
