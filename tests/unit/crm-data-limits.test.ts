import { describe, expect, it } from 'vitest';
import { THIRD_PARTY_CRM_DATA_LIMITS as LIMITS, withinCrmDataLimits } from '#protocol/calls/register';

/** `levels` lists one inside another, the outermost counting as the first. */
function nestedLists(levels: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < levels; level++) value = [value];
  return value;
}

describe('the shape third-party CRM data may take', () => {
  it('takes a flat CRM record and plain values', () => {
    expect(withinCrmDataLimits({ name: 'Lin Mei-hua', mobile: '0955666777', tags: ['vip'], extra: { level: 2 } })).toBe(
      true,
    );
    for (const plain of [null, 0, 'text', true]) expect(withinCrmDataLimits(plain)).toBe(true);
  });

  it(`takes ${LIMITS.depth} levels of objects and lists and no more`, () => {
    expect(withinCrmDataLimits(nestedLists(LIMITS.depth))).toBe(true);
    expect(withinCrmDataLimits(nestedLists(LIMITS.depth + 1))).toBe(false);
    expect(withinCrmDataLimits({ a: nestedLists(LIMITS.depth - 1) })).toBe(true);
    expect(withinCrmDataLimits({ a: { b: nestedLists(LIMITS.depth - 1) } })).toBe(false);
  });

  it('walks without recursion, however deep the data', () => {
    expect(withinCrmDataLimits(nestedLists(200_000))).toBe(false);
  });

  it(`takes ${LIMITS.entries} keys and list items in all, counted at every level, and no more`, () => {
    const half = LIMITS.entries / 2;
    const items = (count: number) => Array.from({ length: count }, (_, index) => index);
    expect(withinCrmDataLimits({ a: items(half - 1), b: items(half - 1) })).toBe(true);
    expect(withinCrmDataLimits({ a: items(half - 1), b: items(half) })).toBe(false);
    const keys = Object.fromEntries(items(LIMITS.entries + 1).map((index) => [`k${index}`, index]));
    expect(withinCrmDataLimits(keys)).toBe(false);
  });
});
