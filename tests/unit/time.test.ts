import { describe, expect, it } from 'vitest';
import { parseTaipeiTimestamp, runsAt, taipeiDate, taipeiTimestamp } from '#protocol';

describe('Asia/Taipei timestamps', () => {
  it('formats UTC+8 wall-clock time whatever the process zone is', () => {
    expect(taipeiTimestamp(new Date('2026-12-31T16:00:00Z'))).toBe('2027/01/01 00:00:00');
    expect(taipeiTimestamp(new Date('2026-01-05T03:04:05.999Z'))).toBe('2026/01/05 11:04:05');
    expect(taipeiDate(new Date('2026-12-31T16:00:00Z'))).toBe('2027/01/01');
  });

  it('parses back to the same instant', () => {
    const at = new Date('2026-06-15T12:34:56Z');
    expect(parseTaipeiTimestamp(taipeiTimestamp(at))?.toISOString()).toBe(at.toISOString());
  });

  it.each(['', '2026/1/5 11:04:05', '2026/13/01 00:00:00', '2026/01/01 24:00:00', '2026/01/01T00:00:00'])(
    'refuses %j',
    (text) => {
      expect(parseTaipeiTimestamp(text)).toBeNull();
    },
  );
});

describe('a period of whole seconds (runsAt)', () => {
  const start = parseTaipeiTimestamp('2026/01/01 00:00:00') as Date;
  const end = parseTaipeiTimestamp('2027/12/31 23:59:59') as Date;
  const at = (text: string, extraMs = 0) => new Date((parseTaipeiTimestamp(text) as Date).getTime() + extraMs);

  it('runs from its first second to the last instant of its last, both in', () => {
    expect(runsAt(start, end, at('2025/12/31 23:59:59', 999))).toBe(false);
    expect(runsAt(start, end, at('2026/01/01 00:00:00'))).toBe(true);
    expect(runsAt(start, end, at('2027/12/31 23:59:59', 999))).toBe(true);
    expect(runsAt(start, end, at('2028/01/01 00:00:00'))).toBe(false);
  });

  it('has no bound on a side that is null', () => {
    expect(runsAt(null, end, at('1990/01/01 00:00:00'))).toBe(true);
    expect(runsAt(start, null, at('2099/01/01 00:00:00'))).toBe(true);
    expect(runsAt(null, null, at('2099/01/01 00:00:00'))).toBe(true);
  });
});
