import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { OperatorError } from '../lib/operator-error';

/** Whether `directory` already holds a PGlite database (PostgreSQL's own marker file). */
export function holdsPgliteDatabase(directory: string): boolean {
  return existsSync(join(directory, 'PG_VERSION'));
}

/** A first start stopped while it created the database (Ctrl-C, SIGTERM): nothing is left half-made. */
export class DatabaseCreationInterruptedError extends OperatorError {
  constructor(directory: string, signal: string) {
    super(`建立 PGlite 資料庫（${directory}）途中被中斷（${signal}）：尚未建立，下次執行會重新建立。`);
    this.name = 'DatabaseCreationInterruptedError';
  }
}

/**
 * What stands where a new database is to go: nothing, or an empty directory (an earlier version
 * of this server created in place, and an interruption left the directory behind). Anything else
 * is not ours to overwrite or delete.
 */
function clearPlaceFor(directory: string): void {
  if (!existsSync(directory)) return;
  if (readdirSync(directory).length > 0) {
    throw new OperatorError(
      `${directory} 有檔案，但不是完整的 PGlite 資料庫（沒有 PG_VERSION）：請確認其內容，移開或刪除後再啟動。`,
    );
  }
  rmdirSync(directory);
}

/** How the child creating a database ended, when not with code 0. */
interface ChildEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  said: string;
}

/**
 * Runs `script` in a child Node process with an IPC channel, which is there only to end: the
 * child exits as soon as its parent is gone (killed, say, by a SIGTERM or SIGKILL meant for the
 * server alone), so no orphan goes on writing a database that a next start creates again.
 */
function runChild(script: string): Promise<void> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    said += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', (error) => reject({ code: null, signal: null, said: error.message } satisfies ChildEnd));
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject({ code, signal, said } satisfies ChildEnd)));
  });
}

/**
 * Creates the database files in `directory` from a short-lived child process. Creating runs
 * PostgreSQL's initdb, a second WebAssembly instance whose memory a process never gives back:
 * created in the server's own process, a first start idled at about 500 MiB for as long as it
 * ran, against about 230 MiB for every later start (measured 2026-11-25). The child's memory
 * goes with it, so a first start idles like any other. It costs one more Node start, once.
 *
 * The child writes beside `directory`, and the whole is renamed into place once it is closed:
 * its files land all together at the end, and a Ctrl-C then (the terminal signals the child too)
 * would otherwise leave PG_VERSION beside part of them, a database that never opens. The caller
 * holds the data directory's lock, so what an interrupted creation left is removed here.
 */
export async function createPgliteDirectory(directory: string, startParams: string[]): Promise<void> {
  const creating = `${directory}.creating`;
  rmSync(creating, { recursive: true, force: true });
  clearPlaceFor(directory);
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  // The child says only its error's message, which is all the operator needs from it.
  const create = [
    "process.on('disconnect', () => process.exit(1));",
    'try {',
    `  const { PGlite } = await import(${JSON.stringify(pglite)});`,
    `  const client = await PGlite.create(${JSON.stringify(creating)}, { startParams: ${JSON.stringify(startParams)} });`,
    '  await client.close();',
    '  process.exit(0);',
    '} catch (error) {',
    '  process.stderr.write(String(error?.message ?? error));',
    '  process.exit(1);',
    '}',
  ].join('\n');
  try {
    await runChild(create);
  } catch (error) {
    rmSync(creating, { recursive: true, force: true });
    const { code, signal, said } = error as ChildEnd;
    if (signal) throw new DatabaseCreationInterruptedError(directory, signal);
    const reason = said.trim().split('\n')[0] || `exit code ${code}`;
    throw new Error(`無法在 ${directory} 建立 PGlite 資料庫（could not create the PGlite database: ${reason}）`);
  }
  renameSync(creating, directory);
}
