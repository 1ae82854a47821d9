import { describe, expect, it } from 'vitest';
import { type Budget, loadBudget, overBudget } from '../../bench/budget';

const KIB = 1024;
const budget: Budget = {
  browserKiB: 140,
  lineKiB: 170,
  screens: [
    { path: '/registerFirst', signedIn: false, KiB: 150 },
    { path: '/member_card', signedIn: true, KiB: 150 },
  ],
};

describe('the JavaScript budget', () => {
  it('reads bench/budget.json, with a budget for /login and each other screen', () => {
    const shipped = loadBudget();
    expect(shipped.lineKiB).toBeGreaterThan(shipped.browserKiB);
    expect(shipped.screens.map((screen) => screen.path)).toContain('/registerFirst');
    expect(shipped.screens.some((screen) => screen.signedIn)).toBe(true);
  });

  it('passes pages at or under their budgets', () => {
    expect(overBudget(budget, { browserBytes: 140 * KIB, lineBytes: 170 * KIB, screenBytes: [150 * KIB, 1] })).toEqual(
      [],
    );
  });

  it('names each page over its budget, by how much, and the key to look at', () => {
    const problems = overBudget(budget, {
      browserBytes: 141 * KIB,
      lineBytes: 170 * KIB,
      screenBytes: [150 * KIB, 152.5 * KIB],
    });
    expect(problems).toEqual([
      '/login JavaScript in an ordinary browser is 141.0 KiB gzip, over its budget of 140 KiB (bench/budget.json browserKiB, +1.0 KiB)',
      '/member_card JavaScript in an ordinary browser is 152.5 KiB gzip, over its budget of 150 KiB (bench/budget.json screens /member_card, +2.5 KiB)',
    ]);
  });
});
