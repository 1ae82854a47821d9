import { withoutMobileSeparators } from '#protocol';

// How mobiles arrive from old systems and spreadsheets: full-width digits from an IME (read as
// ASCII by the app's own rule, `withoutMobileSeparators`), the international +886 form (sometimes
// keeping the 0), and 9 digits where Excel read the number as a number and dropped its leading 0.
const INTERNATIONAL = /^\+?8860?(9\d{8})$/;
const LEADING_ZERO_DROPPED = /^(9\d{8})$/;

/** A mobile as written in the file, brought to the app's 09xxxxxxxx where it plainly is one. */
export function importedMobile(text: string): string {
  const digits = withoutMobileSeparators(text);
  const national = INTERNATIONAL.exec(digits) ?? LEADING_ZERO_DROPPED.exec(digits);
  return national ? `0${national[1]}` : digits;
}
