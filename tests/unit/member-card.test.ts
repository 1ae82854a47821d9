import { describe, expect, it } from 'vitest';
import {
  CARD_ACCEPTED_STEPS,
  CARD_STEP_SECONDS,
  cardStepAt,
  groupedCardCode,
  maskedMobile,
  memberCardCode,
  msUntilNextStep,
  oneTimePassword,
  splitMemberCardCode,
  utf8,
} from '#protocol';

// RFC 6238 appendix B: the SHA-256 seed is the ASCII digits repeated to 32 bytes, X = 30 s, 8 digits.
const RFC_SEED = utf8('12345678901234567890123456789012');
const RFC_VECTORS: [seconds: number, totp: string][] = [
  [59, '46119246'],
  [1111111109, '68084774'],
  [1111111111, '67062674'],
  [1234567890, '91819424'],
  [2000000000, '90698825'],
  [20000000000, '77737706'],
];

describe('the member card code', () => {
  it.each(RFC_VECTORS)('matches RFC 6238 (HMAC-SHA256) at %i s', (seconds, totp) => {
    expect(oneTimePassword(RFC_SEED, cardStepAt(seconds * 1000), 8)).toBe(totp);
  });

  it('is the card number and six digits that change with each 30-second step', () => {
    const at = 1_800_000_000_000;
    const code = memberCardCode('1234567890', RFC_SEED, at);
    expect(code).toMatch(/^1234567890\d{6}$/);
    expect(memberCardCode('1234567890', RFC_SEED, at + 1)).toBe(code);
    expect(memberCardCode('1234567890', RFC_SEED, at + CARD_STEP_SECONDS * 1000)).not.toBe(code);
  });

  it('differs between two secrets at the same moment', () => {
    const at = 1_800_000_000_000;
    expect(memberCardCode('1234567890', utf8('a'.repeat(32)), at)).not.toBe(
      memberCardCode('1234567890', utf8('b'.repeat(32)), at),
    );
  });

  it('keeps a leading zero of the one-time part', () => {
    const withZero = Array.from({ length: 200 }, (_, step) => oneTimePassword(RFC_SEED, step)).find((otp) =>
      otp.startsWith('0'),
    );
    expect(withZero).toHaveLength(6);
  });

  it('counts the time to the next change', () => {
    expect(msUntilNextStep(30_000)).toBe(30_000);
    expect(msUntilNextStep(59_999)).toBe(1);
  });

  it('is accepted for at most 90 seconds', () => {
    expect(CARD_ACCEPTED_STEPS * CARD_STEP_SECONDS).toBe(90);
  });

  it('splits a scanned code, refusing anything but 16 digits', () => {
    expect(splitMemberCardCode('1234567890123456')).toEqual({ cardNumber: '1234567890', oneTime: '123456' });
    for (const wrong of [
      '123456789012345',
      '12345678901234567',
      '12345678901234a6',
      ' 1234567890123456',
      '１２３４567890123456',
    ]) {
      expect(splitMemberCardCode(wrong)).toBeNull();
    }
  });

  it('prints the code in groups of four and the mobile masked', () => {
    expect(groupedCardCode('1234567890123456')).toBe('1234 5678 9012 3456');
    expect(maskedMobile('0912345678')).toBe('0912-***-678');
  });
});
