import { describe, expect, it } from 'vitest';
import { parseTaipeiTimestamp, taipeiDate, taipeiTimestamp } from '#protocol';

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
