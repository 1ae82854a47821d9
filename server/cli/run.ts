import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { taipeiTimestamp } from '#protocol';
import { type Database, DatabaseLockedError, openDatabase, postgresTarget } from '../db/client';
import { parseEnv } from '../env';
import { failureText } from '../lib/logger';
import { OperatorError } from '../lib/operator-error';

// The operator commands speak zh-TW, as the server's own start and configuration messages do:
// the people who run them are the brand's staff in Taiwan. Column names, options and protocol
// fields (mobile, --name, client_id) stay as they are typed.

interface DatabaseSetting {
  databaseUrl: string | null;
  dataDir: string;
}

/** DATABASE_URL and DATA_DIR as the server reads and checks them (env.ts). */
function databaseSetting(): DatabaseSetting {
  const env = parseEnv({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR });
  return { databaseUrl: env.DATABASE_URL ?? null, dataDir: env.DATA_DIR };
}

/** Which database a command writes to: PostgreSQL's host and database (never the password), or PGlite's directory. */
function databaseLine({ databaseUrl, dataDir }: DatabaseSetting): string {
  if (!databaseUrl) return `資料庫：PGlite（${resolve(dataDir)}）`;
  return `資料庫：PostgreSQL（${postgresTarget(databaseUrl)}）`;
}

/**
 * The database an operator command works on: the server's own (DATABASE_URL, or PGlite
 * under DATA_DIR), migrated, so the command works on a fresh data directory too. It is named
 * first, so an operator sees where the command writes before it does.
 */
export function openCliDatabase(): Promise<Database> {
  const setting = databaseSetting();
  console.error(databaseLine(setting));
  return openDatabase(setting);
}

/** A command's refusal of its arguments: what is wrong, then how it is used; exit code 2. */
export const refusalOf =
  (name: string, usage: string) =>
  (problem: string): number => {
    console.error(`${name}：${problem}`);
    console.error(`用法：${usage}`);
    return 2;
  };

/** A till's or a partner's state as the list commands show it. */
export const revokedState = (revokedAt: Date | null): string =>
  revokedAt ? `已停用 ${taipeiTimestamp(revokedAt)}` : '使用中';

/** The option or argument that Node's `parseArgs` quotes in its refusal ('--name <value>' gives --name). */
const quotedIn = (message: string) => /'([^' ]*)/.exec(message)?.[1] ?? '';

/** Node's `parseArgs` refusal (thrown in English) in the operator's words. */
export function argumentsProblem(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : '';
  const quoted = quotedIn(message);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `不認得的選項 ${quoted}`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `多餘的參數 ${quoted}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return message.includes('does not take an argument') ? `選項 ${quoted} 不需要值` : `選項 ${quoted} 需要一個值`;
  return '無法讀懂這些參數';
}

/**
 * An option npm kept for itself: `npm run pos:add-terminal --name 信義店` without `--` sets npm's
 * own `npm_config_name` and passes the command nothing, which would then be told its name is
 * blank (or, for `--id X`, that X is one argument too many).
 */
function keptByNpm(args: string[], names: readonly string[]): string | undefined {
  return names.find(
    (name) =>
      process.env[`npm_config_${name.replaceAll('-', '_')}`] !== undefined &&
      !args.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`)),
  );
}

/**
 * The --options of an operator command, each a list of the values given. Node's `parseArgs`
 * keeps only the last of an option given twice, without a word: `--name 甲 --name 乙` added a
 * client named 乙. So every option is read as a list, and one not in `repeatable` given twice
 * is refused.
 */
export function readOptions(
  args: string[],
  names: readonly string[],
  repeatable: readonly string[] = [],
): { values: Record<string, string[]> } | { problem: string } {
  const kept = keptByNpm(args, names);
  if (kept)
    return { problem: `選項 --${kept} 被 npm 當成了它自己的設定，沒有傳給這個指令；請在選項前加上 --（見下方用法）` };
  let values: Record<string, string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: Object.fromEntries(names.map((name) => [name, { type: 'string', multiple: true } as const])),
      allowPositionals: false,
    }));
  } catch (error) {
    return { problem: argumentsProblem(error) };
  }
  const repeated = names.find((name) => !repeatable.includes(name) && (values[name]?.length ?? 0) > 1);
  if (repeated) return { problem: `選項 --${repeated} 只能給一次` };
  return { values: Object.fromEntries(names.map((name) => [name, values[name] ?? []])) };
}

/**
 * Runs an operator command and exits with its code; failures are one clear line, no stack.
 * `action` completes 「再重新…」: what the operator runs again once the server has stopped.
 */
export function runCli(name: string, action: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof OperatorError) {
        console.error(`${name}：${error.message}`);
        if (error instanceof DatabaseLockedError) console.error(`該程序停止後，請再重新${action}。`);
      } else {
        console.error(`${name} 失敗：${failureText(error)}`);
      }
      process.exit(1);
    },
  );
}
