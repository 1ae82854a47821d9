// npm run members:import -- FILE.csv [--ec]
// Imports legacy members (columns mobile,name,birthday,gender,email). Each member's first
// password is the birthday's 8 digits, and they must choose a new one after logging in.
// With --ec the rows fill the legacy e-commerce list that compare_ec_member looks up.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readCsv } from '../modules/members-import/csv';
import { countLines, progressReporter } from '../modules/members-import/progress';
import { importMembers } from '../modules/members-import/service';
import { argumentsProblem, openCliDatabase, runCli } from './run';

const NAME = 'members:import';
const USAGE = '用法：npm run members:import -- 檔案.csv [--ec]';
const LONG_FILE_LINES = 2_000;

function refuse(problem: string): number {
  console.error(`${NAME}：${problem}`);
  console.error(USAGE);
  return 2;
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
  if (!existsSync(file)) return refuse(`找不到檔案 ${file}`);

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
    for (const bad of summary.bad) console.log(`第 ${bad.line} 行：略過，${bad.reason}`);
    const target = values.ec ? '電商會員' : '會員';
    console.log(
      `${file}：${seconds} 秒內讀取 ${summary.read} 筆；匯入 ${summary.imported} 筆${target}，` +
        `${summary.existing} 筆已存在（未變更），略過 ${summary.bad.length} 筆錯誤資料`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCli(NAME, '執行匯入', main);
