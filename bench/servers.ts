import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServerKind } from './server-process';

export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('./server-process.ts', import.meta.url));

/** Forks a server process (inheriting tsx's loader) and resolves once it listens. */
export function startServer(kind: ServerKind, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = fork(ENTRY, [kind], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} server exited with code ${code} before listening`)));
    child.once('message', (message) => {
      const { port } = message as { port: number };
      resolve({ origin: `http://127.0.0.1:${port}`, stop: () => stop(child) });
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.disconnect();
  });
}
