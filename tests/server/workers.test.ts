import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from './helpers/database';

// WORKERS > 1 needs PostgreSQL and Redis, which CI provides; the default run has neither.
const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const ready = Boolean(adminUrl && redisUrl);
if (!ready) console.log('WORKERS tests skipped: they need DATABASE_URL and REDIS_URL (CI sets both).');

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** The pids of a process's children, as the operating system lists them. */
const childPids = (pid: number): number[] =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((value) => value > 0);

describe('WORKERS=2 (PostgreSQL and Redis)', () => {
  it.skipIf(!ready)(
    'runs two server processes on one port, prints one start line, and stops them all on SIGTERM',
    async () => {
      const database = await createEmptyPostgresDatabase(adminUrl as string);
      cleanups.push(() => database.drop());
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DATABASE_URL: database.url,
          REDIS_URL: redisUrl,
          REDIS_KEY_PREFIX: `workers-test-${port}:`,
          WORKERS: '2',
          PORT: String(port),
          HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      child.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const deadline = Date.now() + 45_000;
      while (!output.includes('會員中心已啟動')) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toContain(`會員中心已啟動：http://127.0.0.1:${port}（2 個行程）`);
      expect(output.match(/會員中心已啟動/g)).toHaveLength(1);
      // The demo member is created by exactly one of the processes.
      expect(output.match(/示範會員：/g)).toHaveLength(1);
      const workers = childPids(child.pid as number);
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
