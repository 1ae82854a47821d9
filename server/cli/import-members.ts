// npm run members:import -- FILE.csv [--ec]
// Imports legacy members (columns mobile,name,birthday,gender,email). Each member's first
// password is the birthday's 8 digits, and they must choose a new one after logging in.
// With --ec the rows fill the legacy e-commerce list that compare_ec_member looks up.
// Exit codes: 0 every row imported or already there; 3 some rows skipped, the whole file
// refused (not UTF-8, a header naming other columns), or stopped by Ctrl-C; 2 the command itself
// refused; 1 a failure.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, DatabaseCreationInterruptedError } from '../db/client';
import { readCsv } from '../modules/members-import/csv';
import { encodingProblem, notAFileProblem } from '../modules/members-import/file';
import { countLines, progressReporter } from '../modules/members-import/progress';
import { escaped } from '../modules/members-import/quoted';
import { importMembers } from '../modules/members-import/service';
import { argumentsProblem, openCliDatabase, refusalOf, runCli } from './run';

const NAME = 'members:import';
const USAGE = 'npm run members:import -- 檔案.csv [--ec]';
const LONG_FILE_LINES = 2_000;
/** Not every row was imported: scripts and runbooks check for it. */
const NOT_ALL_IMPORTED = 3;

const refuse = refusalOf(NAME, USAGE);

function refuseFile(problem: string): number {
  console.error(`${NAME}：${problem}`);
  console.error('未匯入任何資料。');
  return NOT_ALL_IMPORTED;
}

/** Signals closer together than this are one press of Ctrl-C (see `stopOnSignal`). */
const SAME_PRESS_MS = 1_000;

/**
 * Ctrl-C or SIGTERM stops the import between batches instead of killing it: a PGlite directory
 * killed in the middle of a write may not open again, and it is the whole member database. A
 * second press stops at once, for an operator who cannot wait for the batch.
 *
 * One press may arrive twice: the terminal signals every process of the command, and `npm run`
 * passes the signal on to its script as well. So a signal within a second of the first is the
 * same press. (`npm run members:import` starts node itself: tsx's own launcher, between npm and
 * node, sends SIGKILL to a script that has not answered a signal within 60 ms, which a batch
 * being written does not.)
 */
function stopOnSignal(): { signal: AbortSignal; writing: () => void } {
  const interruption = new AbortController();
  let firstAt = 0;
  let writing = false;
  const stop = () => {
    if (interruption.signal.aborted) {
      if (Date.now() - firstAt >= SAME_PRESS_MS) process.exit(130);
      return;
    }
    firstAt = Date.now();
    console.error(
      writing
        ? '正在停止匯入：寫完進行中的這一批後結束（再按一次 Ctrl-C 立即結束）…'
        : '正在停止匯入：尚未寫入任何會員（再按一次 Ctrl-C 立即結束）…',
    );
    interruption.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    signal: interruption.signal,
    writing: () => {
      writing = true;
    },
  };
}

async function main(): Promise<number> {
  let parsed: { values: { ec?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({ options: { ec: { type: 'boolean', default: false } }, allowPositionals: true });
  } catch (error) {
    return refuse(argumentsProblem(error));
  }
  const { values, positionals } = parsed;
  const [file] = positionals;
  if (!file) return refuse('請指定要匯入的 CSV 檔案');
  if (positionals.length > 1) return refuse('一次只能匯入一個檔案');
  // `npm run members:import FILE --ec`, without `--`: npm keeps --ec as its own setting, and the
  // e-commerce rows would become login accounts.
  if (process.env.npm_config_ec !== undefined && !values.ec) {
    return refuse(
      '--ec 被 npm 當成了它自己的選項，沒有傳給匯入；請在檔名前加上 --：npm run members:import -- 檔案.csv --ec',
    );
  }
  // npm runs the script in the package's folder; a relative path is the operator's, from where npm was run.
  const path = resolve(process.env.INIT_CWD || '.', file);
  const notAFile = notAFileProblem(path, file);
  if (notAFile) return refuse(notAFile);
  const notUtf8 = await encodingProblem(path, file);
  if (notUtf8) return refuseFile(notUtf8);

  const interruption = stopOnSignal();
  let database: Database;
  try {
    database = await openCliDatabase();
  } catch (error) {
    // The same Ctrl-C reached the child creating a new PGlite database: nothing was created or written.
    if (!(error instanceof DatabaseCreationInterruptedError)) throw error;
    return refuseFile(error.message);
  }
  interruption.writing();
  try {
    const lines = await countLines(path);
    const started = Date.now();
    const progress = lines >= LONG_FILE_LINES ? progressReporter(lines) : undefined;
    const summary = await importMembers(database.db, readCsv(path), {
      ec: values.ec ?? false,
      now: new Date(),
      onProgress: progress,
      signal: interruption.signal,
    });
    if (summary.refused) return refuseFile(summary.refused);
    // An export that failed leaves an empty file, or its header alone: "0 imported, exit 0" would
    // tell a runbook that every member is in.
    if (summary.read === 0 && !summary.interrupted) return refuseFile('檔案沒有任何資料列，請確認匯出的檔案是否完整');
    if (!summary.interrupted) progress?.(lines);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    for (const line of summary.movedAway) {
      console.log(`第 ${line} 行：已存在，此號碼的會員已改用其他手機號碼，未在原號碼上再建立帳號`);
    }
    for (const bad of summary.bad) console.log(`第 ${bad.line} 行：略過，${bad.reason}`);
    const target = values.ec ? '電商會員' : '會員';
    console.log(
      `${escaped(file)}：${seconds} 秒內讀取 ${summary.read} 筆；匯入 ${summary.imported} 筆${target}，` +
        `${summary.existing} 筆已存在（未變更），略過 ${summary.bad.length} 筆`,
    );
    if (summary.interrupted) {
      console.log('匯入已中斷：已寫入的資料都完整保留；重新匯入同一個檔案即可接續，已匯入的不會重複。');
      return NOT_ALL_IMPORTED;
    }
    if (summary.bad.length === 0) return 0;
    console.log(
      `有 ${summary.bad.length} 筆未匯入（原因見上方各行）；修正後重新匯入同一個檔案即可，已匯入的不會重複。`,
    );
    return NOT_ALL_IMPORTED;
  } finally {
    await database.close();
  }
}

runCli(NAME, '執行匯入', main);
