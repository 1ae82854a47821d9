// The compiled server as `npm start` runs it (node build/server/main.js), as a whole process:
// how long until it answers /healthz and how much memory it holds idle, on PostgreSQL and on
// PGlite, against a bare Fastify process; and signed reads with WORKERS=2 against WORKERS=1.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildEnvelope, encryptValue } from '#protocol';
import { DEMO_MEMBER } from '../server/config';
import { DEMO_AES_KEY, DEMO_SIGN_KEY } from '../server/env';
import { type LoadResult, measureLoad } from './load';

/** What `npm start` runs after building, flags included: the figures are that process's. */
const NPM_START = ['--enable-source-maps', 'build/server/main.js'];
const STARTS = 3;
const IDLE_MS = 2000;
const BARE = `import Fastify from 'fastify';
const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

export interface StartFigure {
  title: string;
  startMs: number;
  rssMiB: number;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

interface Started {
  child: ChildProcess;
  origin: string;
  startMs: number;
  stop(): Promise<void>;
}

/** Spawns a server process and waits, polling every 5 ms, until /healthz answers 200. */
async function startProcess(args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += String(chunk);
  });
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited: ${errors}`);
    const ok = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const startMs = performance.now() - began;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, origin, startMs, stop };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measureStarts(title: string, start: () => Promise<Started>, after?: () => void): Promise<StartFigure> {
  const times: number[] = [];
  const memory: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const started = await start();
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    times.push(started.startMs);
    memory.push(rssMiB(started.child.pid ?? 0));
    await started.stop();
    after?.();
  }
  return { title, startMs: median(times), rssMiB: median(memory) };
}

/** A database of its own on the PostgreSQL of BENCH_DATABASE_URL, dropped by `drop`. */
export async function freshPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface ProcessFigures {
  starts: StartFigure[];
  workers: { one: LoadResult; two: LoadResult } | null;
  skipped: string[];
}

/** The whole-process figures; PostgreSQL ones need BENCH_DATABASE_URL, the workers' also REDIS_URL. */
export async function measureProcesses(log: (line: string) => void): Promise<ProcessFigures> {
  log('building the server (npm run build:server)…');
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  const skipped: string[] = [];
  const starts: StartFigure[] = [];
  log('bare Fastify process start…');
  starts.push(await measureStarts('bare Fastify process', () => startProcess(['--input-type=module', '-e', BARE], {})));

  log('npm start on a fresh PGlite directory…');
  let dataDir = '';
  starts.push(
    await measureStarts(
      'npm start, PGlite, first start (creates the database)',
      () => {
        dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
        return startProcess(NPM_START, { DATA_DIR: dataDir });
      },
      () => rmSync(dataDir, { recursive: true, force: true }),
    ),
  );
  const kept = mkdtempSync(join(tmpdir(), 'bench-start-'));
  try {
    await (await startProcess(NPM_START, { DATA_DIR: kept })).stop();
    log('npm start on an existing PGlite directory…');
    starts.push(
      await measureStarts('npm start, PGlite, later start', () => startProcess(NPM_START, { DATA_DIR: kept })),
    );
  } finally {
    rmSync(kept, { recursive: true, force: true });
  }

  const adminUrl = process.env.BENCH_DATABASE_URL;
  let workers: ProcessFigures['workers'] = null;
  if (!adminUrl) skipped.push('PostgreSQL figures: BENCH_DATABASE_URL is not set');
  else {
    const database = await freshPostgres(adminUrl);
    try {
      log('npm start on PostgreSQL…');
      starts.push(
        await measureStarts('npm start, PostgreSQL', () => startProcess(NPM_START, { DATABASE_URL: database.url })),
      );
      const redisUrl = process.env.REDIS_URL;
      if (!redisUrl) skipped.push('WORKERS=2 vs 1: REDIS_URL is not set (several workers share their limits there)');
      else workers = await measureWorkers(database.url, redisUrl, log);
    } finally {
      await database.drop();
    }
  }
  return { starts, workers, skipped };
}

/** get_member_profile as the web app sends it, for the demo member (the server runs on the demo keys). */
async function profileBody(origin: string): Promise<string> {
  const login = buildEnvelope(DEMO_SIGN_KEY, {
    request_parameter: {
      account: encryptValue(DEMO_AES_KEY, DEMO_MEMBER.mobile),
      password: encryptValue(DEMO_AES_KEY, DEMO_MEMBER.password),
    },
  });
  const answer = (await (
    await fetch(`${origin}/app-api/member/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(login),
    })
  ).json()) as { results?: { member_access_token?: string } };
  const token = answer.results?.member_access_token;
  if (!token) throw new Error(`demo login failed: ${JSON.stringify(answer)}`);
  return JSON.stringify(buildEnvelope(DEMO_SIGN_KEY, { token, request_parameter: {} }));
}

async function measureWorkers(databaseUrl: string, redisUrl: string, log: (line: string) => void) {
  const results: LoadResult[] = [];
  for (const count of [1, 2]) {
    log(`get_member_profile with WORKERS=${count}…`);
    const server = await startProcess(NPM_START, {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `bench-${randomBytes(4).toString('hex')}:`,
      WORKERS: String(count),
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    try {
      results.push(
        await measureLoad({
          title: `get_member_profile, ${count} worker(s)`,
          url: `${server.origin}/api/member/get_member_profile`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: await profileBody(server.origin),
          connections: 20,
          expectInBody: '"RC":"C01"',
        }),
      );
    } finally {
      await server.stop();
    }
  }
  const [one, two] = results as [LoadResult, LoadResult];
  return { one, two };
}
