import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');

export interface MemberServer {
  url: string;
  dataDir: string;
  output: () => string;
  /** Stops the process; its data directory goes too unless `keepData` (to start it again on the same data). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}

/** A fresh PGlite data directory that the CLI and the server below share. */
export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'member-e2e-'));
}

/** Runs `npm run members:import` as an operator would, before the server holds the directory. */
export async function importMembers(dataDir: string, csv: string, flags: string[] = []): Promise<string> {
  const file = join(dataDir, `import-${Date.now()}.csv`);
  writeFileSync(file, csv);
  const { stdout, stderr } = await run(TSX, ['server/cli/import-members.ts', file, ...flags], {
    env: { ...process.env, DATA_DIR: join(dataDir, 'db'), NODE_ENV: 'test' },
  });
  return stdout + stderr;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

/** Starts the built server (`npm start` without the build) on a free port and waits for its URL. */
export async function startMemberServer(dataDir: string, env: Record<string, string> = {}): Promise<MemberServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(TSX, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'db'),
      NODE_ENV: 'test',
      // Each server counts on its own (its rate-limit keys expire within the minute), and a
      // journey's quick succession of logins and code checks stays within the checks budget.
      REDIS_KEY_PREFIX: `member-e2e-${port}:`,
      RATE_LIMIT_CHECKS_PER_MINUTE: '300',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/[\w.:[\]-]+/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    output: () => output,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
