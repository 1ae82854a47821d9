import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll } from 'vitest';
import { type Database, openDatabase } from '../../../server/db/client';

const run = promisify(execFile);

/** How a command that exits non-zero comes back from `execFile`. */
export interface CommandFailure {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Operator commands run as an operator runs them (Node with tsx, a process each), on a PGlite
 * directory of the test file's own, whatever database the other tests use; removed after the file.
 */
export function commandWorkspace(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const dataDir = join(dir, 'data');
  const env = () => {
    const { DATABASE_URL: _onlyPglite, ...rest } = process.env;
    return { ...rest, DATA_DIR: dataDir };
  };
  /** One command of `server/cli/`, run with the arguments given (and `extraEnv`, as npm would add to it). */
  const command =
    (file: string, extraEnv: Record<string, string> = {}) =>
    (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', `server/cli/${file}`, ...args], { env: { ...env(), ...extraEnv } });
  /** What a run that fails came back with; null when it succeeded. */
  const failureOf = (ran: Promise<unknown>): Promise<CommandFailure | null> =>
    ran.then(
      () => null,
      (error: CommandFailure) => error,
    );
  /** The workspace's database, opened by the test between commands. */
  async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
    const database = await openDatabase({ dataDir });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }
  return { dataDir, command, failureOf, withDatabase };
}
