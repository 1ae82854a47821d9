import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/client';
import { hashPassword } from '../server/lib/passwords';
import { readCsv } from '../server/modules/members-import/csv';
import { birthdayPassword } from '../server/modules/members-import/rows';
import { importMembers } from '../server/modules/members-import/service';
import { freshPostgres } from './processes';

/** Members in the bench's legacy file (IMPORT_MEMBERS overrides: 100000 for the figure, about 40 minutes on 2 cores). */
export const IMPORT_MEMBERS = Number(process.env.IMPORT_MEMBERS ?? 2_000);

/** Wall time, and the CPU time of this process's every thread (argon2id hashes on libuv's). */
export interface Timing {
  seconds: number;
  cpuSeconds: number;
}

export interface ImportFigure extends Timing {
  database: 'PGlite' | 'PostgreSQL';
  /** Import time ÷ the hashing floor. */
  vsHashing: number;
  /** This process's CPU time ÷ the floor's: what the import adds on top of the hashing as work,
   * which the host's drift moves much less than wall time. On PostgreSQL the server's own work
   * runs in another process and is not in it. */
  cpuVsHashing: number;
}

export interface ImportFigures {
  members: number;
  /** The floor: the mean of hashing alone before and after the imports. */
  hashing: Timing;
  /** Hashing alone before and after the imports: how far the host itself moved during the run. */
  hashingRuns: [Timing, Timing];
  imports: ImportFigure[];
}

async function timed(work: () => Promise<void>): Promise<Timing> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await work();
  const { user, system } = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: (user + system) / 1e6 };
}

/** The legacy file: distinct mobiles, each birthday a different day, every column filled. */
function writeLegacyFile(directory: string, count: number): { file: string; birthdays: string[] } {
  const birthdays: string[] = [];
  const lines = ['mobile,name,birthday,gender,email'];
  for (let i = 0; i < count; i += 1) {
    const day = new Date(Date.UTC(1960, 0, 1) + (i % 15_000) * 86_400_000);
    const birthday = `${day.getUTCFullYear()}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}`;
    birthdays.push(birthday);
    lines.push(`09${String(i).padStart(8, '0')},會員${i},${birthday},${i % 2 ? 'F' : 'M'},m${i}@example.com`);
  }
  const file = join(directory, 'legacy-members.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, birthdays };
}

/** The floor: the same birthday passwords hashed with the same parameters, one at a time per core, nothing else. */
function hashAlone(birthdays: string[]): Promise<Timing> {
  let next = 0;
  const worker = async () => {
    while (next < birthdays.length) {
      const birthday = birthdays[next++] as string;
      await hashPassword(birthdayPassword(birthday));
    }
  };
  return timed(async () => {
    await Promise.all(Array.from({ length: availableParallelism() }, worker));
  });
}

async function timeImport(databaseUrl: string | undefined, file: string): Promise<Timing> {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : {});
  try {
    return await timed(async () => {
      const summary = await importMembers(database.db, readCsv(file), { ec: false, now: new Date() });
      if (summary.imported !== IMPORT_MEMBERS || summary.bad.length > 0)
        throw new Error(`import: ${summary.imported} imported, ${summary.bad.length} bad of ${IMPORT_MEMBERS}`);
    });
  } finally {
    await database.close();
  }
}

/** `members:import`'s own service on a fresh database of each kind, against hashing the same passwords alone. */
export async function measureImport(log: (line: string) => void): Promise<ImportFigures> {
  const directory = mkdtempSync(join(tmpdir(), 'bench-import-'));
  try {
    const { file, birthdays } = writeLegacyFile(directory, IMPORT_MEMBERS);
    log(`hashing ${IMPORT_MEMBERS} birthday passwords alone…`);
    const hashingBefore = await hashAlone(birthdays);
    const imported: (Timing & Pick<ImportFigure, 'database'>)[] = [];
    const figure = (database: ImportFigure['database'], timing: Timing) => imported.push({ database, ...timing });
    log(`importing ${IMPORT_MEMBERS} members on PGlite…`);
    figure('PGlite', await timeImport(undefined, file));
    const adminUrl = process.env.BENCH_DATABASE_URL;
    if (adminUrl) {
      const postgres = await freshPostgres(adminUrl);
      try {
        log(`importing ${IMPORT_MEMBERS} members on PostgreSQL…`);
        figure('PostgreSQL', await timeImport(postgres.url, file));
      } finally {
        await postgres.drop();
      }
    }
    // The host's speed drifts by more than the few percent measured here (two runs of the same
    // hashing minutes apart differed by a third), so the floor is taken on both sides of the imports.
    log(`hashing ${IMPORT_MEMBERS} birthday passwords alone again…`);
    const hashingAfter = await hashAlone(birthdays);
    const hashing: Timing = {
      seconds: (hashingBefore.seconds + hashingAfter.seconds) / 2,
      cpuSeconds: (hashingBefore.cpuSeconds + hashingAfter.cpuSeconds) / 2,
    };
    return {
      members: IMPORT_MEMBERS,
      hashing,
      hashingRuns: [hashingBefore, hashingAfter],
      imports: imported.map((each) => ({
        ...each,
        vsHashing: each.seconds / hashing.seconds,
        cpuVsHashing: each.cpuSeconds / hashing.cpuSeconds,
      })),
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
