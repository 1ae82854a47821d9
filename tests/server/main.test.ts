import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../../server/config';
import { freePort, type ServerProcess, spawnServer, until } from './helpers/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'member-main-'));
const builtDataDir = mkdtempSync(join(tmpdir(), 'member-built-'));
// `npm start` runs the server compiled by `npm run build:server`; the tests of the source run it through tsx.
const FROM_SOURCE = ['--import', 'tsx', 'server/main.ts'];
const COMPILED = ['build/server/main.js'];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(builtDataDir, { recursive: true, force: true });
});

function startServer(
  port: number,
  { args = FROM_SOURCE, directory = dataDir }: { args?: string[]; directory?: string } = {},
): ServerProcess {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return spawnServer(
    args,
    { ...env, NODE_ENV: 'development', DATA_DIR: directory, PORT: String(port), HOST: '127.0.0.1' },
    children,
  );
}

describe('npx tsx server/main.ts', () => {
  it('starts on an empty data directory in demo mode, answers /healthz, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer(port);
    await until(() => server.output().includes('會員中心已啟動'));
    expect(server.output()).toContain(`會員中心已啟動：http://127.0.0.1:${port}`);
    expect(server.output()).toContain('示範模式');
    expect(server.output()).toContain(`${DEMO_MEMBER.mobile}／密碼 ${DEMO_MEMBER.password}`);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });

    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`PID ${server.child.pid}`);
    expect(second.output()).not.toMatch(/^\s+at /m);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  });

  it('says in one line that the port is taken, without a stack, when another program listens on it', async () => {
    const port = await freePort();
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    try {
      const refused = startServer(port, { directory: mkdtempSync(join(tmpdir(), 'member-port-')) });
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain(`連接埠 ${port} 已有其他程式在使用`);
      expect(refused.output()).not.toMatch(/^\s+at /m);
      expect(refused.output()).not.toContain('EADDRINUSE');
    } finally {
      other.close();
    }
  });

  it('says in one zh-TW line, without the password, that the PostgreSQL in DATABASE_URL cannot be reached', async () => {
    const databasePort = await freePort();
    const refused = spawnServer(
      FROM_SOURCE,
      {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: `postgres://member:s3cret-pw@127.0.0.1:${databasePort}/loyalty`,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
      },
      children,
    );
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(
      `無法連線資料庫 PostgreSQL（127.0.0.1:${databasePort}/loyalty）：這個位址與連接埠沒有程式在接受連線。`,
    );
    expect(refused.output()).not.toContain('s3cret-pw');
    expect(refused.output()).not.toContain('connect ECONNREFUSED');
    expect(refused.output()).not.toMatch(/^\s+at /m);
  });

  it('leaves nothing writing, and nothing half-made, when killed while it creates the database; the next start creates it', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'member-killed-'));
    const first = startServer(await freePort(), { directory });
    await until(() => existsSync(join(directory, 'pglite.creating')));
    // SIGKILL to the server alone, as a supervisor that signals only its own process may: the
    // child creating the database must not go on writing where the next start creates again.
    first.child.kill('SIGKILL');
    await first.exited;
    // The child hears of it between steps of initdb, which on two busy cores can take several seconds.
    await until(() => !execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).includes(directory), 30_000);

    const second = startServer(await freePort(), { directory });
    await until(() => second.output().includes('會員中心已啟動'), 60_000);
    expect(readdirSync(directory).sort()).toEqual(['pglite', 'pglite.lock']);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    rmSync(directory, { recursive: true, force: true });
  });

  it('prints nothing about the demo member’s password on a second start of the same data directory', async () => {
    const again = startServer(await freePort());
    await until(() => again.output().includes('會員中心已啟動'));
    expect(again.output()).toContain('示範模式');
    expect(again.output()).not.toContain('示範會員');
    expect(again.output()).not.toContain(DEMO_MEMBER.password);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});

describe('the compiled server (npm start)', () => {
  it('builds, starts on an empty data directory, serves from the repository files, and stops cleanly', async () => {
    execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'pipe' });
    const port = await freePort();
    const server = startServer(port, { args: COMPILED, directory: builtDataDir });
    await until(() => server.output().includes('會員中心已啟動'));
    expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toEqual({ status: 'ok' });
    // The demo catalogue's pictures are read from the repository, wherever the bundle runs from.
    const images = readdirSync('server/modules/catalog/images');
    const image = await fetch(`http://127.0.0.1:${port}/catalog-images/${images[0]}`);
    expect(image.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('keeps each database driver in its own chunk, loaded only when that database is used', () => {
    const files = readdirSync('build/server').filter((name) => name.endsWith('.js'));
    const importing = (module: string) =>
      files.filter((name) => readFileSync(join('build/server', name), 'utf8').includes(`from "${module}"`));
    expect(importing('pg')).toEqual([expect.stringMatching(/^postgres-/)]);
    expect(importing('@electric-sql/pglite')).toEqual([expect.stringMatching(/^pglite-/)]);
  });

  it('bundles drizzle-orm instead of importing it by name, which costs Node’s resolver about 180 MiB at start', () => {
    const files = readdirSync('build/server').filter((name) => name.endsWith('.js'));
    const byName = files.filter((name) =>
      readFileSync(join('build/server', name), 'utf8').includes('from "drizzle-orm'),
    );
    expect(byName).toEqual([]);
  });
});
