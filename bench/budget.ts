import { readFileSync } from 'node:fs';
import * as v from 'valibot';

const BUDGET_FILE = new URL('./budget.json', import.meta.url);

const kibLimit = v.pipe(v.number(), v.minValue(1));

const budgetSchema = v.object({
  /** /login in an ordinary mobile browser and in LINE, KiB gzip. */
  browserKiB: kibLimit,
  lineKiB: kibLimit,
  /** Every other screen a member arrives at, in an ordinary mobile browser, KiB gzip. */
  screens: v.array(
    v.object({
      path: v.pipe(v.string(), v.startsWith('/')),
      signedIn: v.boolean(),
      KiB: kibLimit,
    }),
  ),
});

export type Budget = v.InferOutput<typeof budgetSchema>;

export function loadBudget(): Budget {
  const parsed = v.safeParse(budgetSchema, JSON.parse(readFileSync(BUDGET_FILE, 'utf8')));
  if (!parsed.success) throw new Error(`bench/budget.json: ${parsed.issues.map((i) => i.message).join('; ')}`);
  return parsed.output;
}

export const kib = (bytes: number): number => bytes / 1024;

interface Measured {
  browserBytes: number;
  lineBytes: number;
  /** The gzip bytes of each of the budget's screens, in its order. */
  screenBytes: number[];
}

/** One message per case over its limit; empty when within budget. */
export function overBudget(budget: Budget, sizes: Measured): string[] {
  const cases = [
    ['/login', 'an ordinary browser', sizes.browserBytes, budget.browserKiB, 'browserKiB'],
    ['/login', 'LINE', sizes.lineBytes, budget.lineKiB, 'lineKiB'],
    ...budget.screens.map(
      (screen, i) =>
        [screen.path, 'an ordinary browser', sizes.screenBytes[i] ?? 0, screen.KiB, `screens ${screen.path}`] as const,
    ),
  ] as const;
  return cases
    .filter(([, , bytes, limit]) => kib(bytes) > limit)
    .map(
      ([path, where, bytes, limit, key]) =>
        `${path} JavaScript in ${where} is ${kib(bytes).toFixed(1)} KiB gzip, over its budget of ${limit} KiB ` +
        `(bench/budget.json ${key}, +${(kib(bytes) - limit).toFixed(1)} KiB)`,
    );
}
