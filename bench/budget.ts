import { readFileSync } from 'node:fs';
import * as v from 'valibot';

const BUDGET_FILE = new URL('./budget.json', import.meta.url);

const budgetSchema = v.object({
  browserKiB: v.pipe(v.number(), v.minValue(1)),
  lineKiB: v.pipe(v.number(), v.minValue(1)),
});

export type Budget = v.InferOutput<typeof budgetSchema>;

export function loadBudget(): Budget {
  const parsed = v.safeParse(budgetSchema, JSON.parse(readFileSync(BUDGET_FILE, 'utf8')));
  if (!parsed.success) throw new Error(`bench/budget.json: ${parsed.issues.map((i) => i.message).join('; ')}`);
  return parsed.output;
}

export const kib = (bytes: number): number => bytes / 1024;

/** One message per case over its limit; empty when within budget. */
export function overBudget(budget: Budget, sizes: { browserBytes: number; lineBytes: number }): string[] {
  const cases = [
    ['ordinary browser', sizes.browserBytes, budget.browserKiB, 'browserKiB'],
    ['LINE', sizes.lineBytes, budget.lineKiB, 'lineKiB'],
  ] as const;
  return cases
    .filter(([, bytes, limit]) => kib(bytes) > limit)
    .map(
      ([name, bytes, limit, key]) =>
        `/login JavaScript in ${name} is ${kib(bytes).toFixed(1)} KiB gzip, over its budget of ${limit} KiB ` +
        `(bench/budget.json ${key}, +${(kib(bytes) - limit).toFixed(1)} KiB)`,
    );
}
