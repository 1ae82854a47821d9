import { linkSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { OperatorError } from '../lib/operator-error';

/** Another live process has the PGlite directory open; PGlite allows one process per directory. */
export class DatabaseLockedError extends OperatorError {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      `資料目錄 ${dataDir} 正由另一個程序（PID ${pid}）使用中，請先停止該程序，或改用 DATABASE_URL 連線 PostgreSQL；` +
        `若該程序不是會員中心伺服器，請刪除 ${lockFile}。`,
    );
    this.name = 'DatabaseLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

// Written aside and hard-linked into place, so the lock file never exists without its pid.
function tryCreate(lockFile: string): boolean {
  const staged = `${lockFile}.${process.pid}`;
  writeFileSync(staged, `${process.pid}\n`);
  try {
    linkSync(staged, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(staged, { force: true });
  }
}

/**
 * Takes the lock file for `dataDir` (it holds the owner's pid). A lock left by a dead
 * process is taken over; a live owner, including this process, is refused.
 * Returns the release function.
 */
export function lockDirectory(dataDir: string, lockFile: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(lockFile)) {
      const release = () => {
        process.off('exit', release);
        if (readPid(lockFile) === process.pid) unlinkSync(lockFile);
      };
      process.on('exit', release);
      return release;
    }
    const owner = readPid(lockFile);
    if (owner !== null && isAlive(owner)) throw new DatabaseLockedError(dataDir, owner, lockFile);
    // Stale (its process died) or unreadable: re-read just before removing, to leave a new owner alone.
    if (readPid(lockFile) === owner) {
      try {
        unlinkSync(lockFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  throw new DatabaseLockedError(dataDir, readPid(lockFile) ?? 0, lockFile);
}
