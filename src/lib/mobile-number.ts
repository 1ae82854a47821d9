import { MOBILE_LENGTH, withoutMobileSeparators } from '#protocol/schemas';

/** What a mobile input lets through: the 10 digits and the two separators of 0912-345-678 or 0912 345 678. */
export const MOBILE_INPUT_MAX = MOBILE_LENGTH + 2;

/** A mobile as people read it, on every screen: 0912-345-678, however it was typed. Anything else is shown as it is. */
export function spacedMobile(mobile: string): string {
  const digits = withoutMobileSeparators(mobile);
  if (!/^\d{10}$/.test(digits)) return mobile;
  return `${digits.slice(0, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;
}
