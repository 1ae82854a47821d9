import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether `directory` already holds a PGlite database (PostgreSQL's own marker file). */
export function holdsPgliteDatabase(directory: string): boolean {
  return existsSync(join(directory, 'PG_VERSION'));
}

/**
 * Creates the database files in `directory` from a short-lived child process. Creating runs
 * PostgreSQL's initdb, a second WebAssembly instance whose memory a process never gives back:
 * created in the server's own process, a first start idled at about 500 MiB for as long as it
 * ran, against about 230 MiB for every later start (measured 2026-11-25). The child's memory
 * goes with it, so a first start idles like any other. It costs one more Node start, once.
 */
export async function createPgliteDirectory(directory: string, startParams: string[]): Promise<void> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  // The child says only its error's message, which is all the operator needs from it.
  const create = [
    'try {',
    `  const { PGlite } = await import(${JSON.stringify(pglite)});`,
    `  const client = await PGlite.create(${JSON.stringify(directory)}, { startParams: ${JSON.stringify(startParams)} });`,
    '  await client.close();',
    '} catch (error) {',
    '  process.stderr.write(String(error?.message ?? error));',
    '  process.exit(1);',
    '}',
  ].join('\n');
  try {
    await run(process.execPath, ['--input-type=module', '-e', create]);
  } catch (error) {
    const said = String((error as { stderr?: unknown }).stderr ?? '').trim();
    const reason = said.split('\n')[0] || (error as Error).message.split('\n')[0];
    throw new Error(`無法在 ${directory} 建立 PGlite 資料庫（could not create the PGlite database: ${reason}）`);
  }
}
