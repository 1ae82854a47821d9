// npm run members:import -- FILE.csv [--ec]
// Imports legacy members (columns mobile,name,birthday,gender,email). Each member's first
// password is the birthday's 8 digits, and they must choose a new one after logging in.
// With --ec the rows fill the legacy e-commerce list that compare_ec_member looks up.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readCsv } from '../modules/members-import/csv';
import { countLines, progressReporter } from '../modules/members-import/progress';
import { importMembers } from '../modules/members-import/service';
import { openCliDatabase, runCli } from './run';

const USAGE = 'usage: npm run members:import -- FILE.csv [--ec]';
const LONG_FILE_LINES = 2_000;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { ec: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  if (!existsSync(file)) {
    console.error(`members:import: no such file: ${file}`);
    return 2;
  }

  const database = await openCliDatabase();
  try {
    const lines = await countLines(file);
    const started = Date.now();
    const progress = lines >= LONG_FILE_LINES ? progressReporter(lines) : undefined;
    const summary = await importMembers(database.db, readCsv(file), {
      ec: values.ec ?? false,
      now: new Date(),
      onProgress: progress,
    });
    progress?.(lines);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    for (const bad of summary.bad) console.log(`line ${bad.line}: skipped, ${bad.reason}`);
    const target = values.ec ? 'e-commerce members' : 'members';
    console.log(
      `${file}: read ${summary.read} rows in ${seconds} s; imported ${summary.imported} ${target}, ` +
        `${summary.existing} already present (unchanged), ${summary.bad.length} bad rows skipped`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCli('members:import', 'run the import', main);
