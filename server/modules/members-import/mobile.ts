import { mobileDigits } from '#protocol';

// How mobiles arrive from old systems and spreadsheets: full-width digits from an IME and the
// international +886 form, which the app's own rule reads as a member types them
// (`mobileDigits`), and 9 digits where Excel read the number as a number and dropped its leading 0.
const LEADING_ZERO_DROPPED = /^(9\d{8})$/;

/** A mobile as written in the file, brought to the app's 09xxxxxxxx where it plainly is one. */
export function importedMobile(text: string): string {
  const digits = mobileDigits(text);
  const national = LEADING_ZERO_DROPPED.exec(digits)?.[1];
  return national ? `0${national}` : digits;
}
