import { parseArgs } from 'node:util';
import { argumentsProblem } from './run';

/**
 * The --options of an OAuth client command, each a list of the values given. Node's `parseArgs`
 * keeps only the last of an option given twice, without a word: `--name 甲 --name 乙` added a
 * client named 乙. So every option is read as a list, and one not in `repeatable` given twice
 * is refused.
 */
export function readOptions(
  args: string[],
  names: readonly string[],
  repeatable: readonly string[] = [],
): { values: Record<string, string[]> } | { problem: string } {
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
