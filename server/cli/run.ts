import { type Database, DatabaseLockedError, openDatabase } from '../db/client';

/**
 * The database an operator command works on: the server's own (DATABASE_URL, or PGlite
 * under DATA_DIR), migrated, so the command works on a fresh data directory too.
 */
export function openCliDatabase(): Promise<Database> {
  return openDatabase({
    databaseUrl: process.env.DATABASE_URL || null,
    dataDir: process.env.DATA_DIR || '.data',
  });
}

/** Runs an operator command and exits with its code; failures are one clear line, no stack. */
export function runCli(name: string, action: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof DatabaseLockedError) {
        console.error(`${name}: ${error.message}`);
        console.error(`Stop the server that uses this data directory, then ${action} again.`);
      } else {
        console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      process.exit(1);
    },
  );
}
