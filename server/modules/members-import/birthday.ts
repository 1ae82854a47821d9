import { latestBirthday, VALIDATION_MESSAGES } from '#protocol';
import { quoted } from './quoted';

// The forms old systems and spreadsheets write: 1980/12/01 (or 1980/1/2), 1980-12-01, 19801201,
// and Excel's date cell as text, 1980/12/01 00:00:00. Full-width digits are read as digits.
const FORMS = [
  /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?: 0?0:00(?::00)?)?$/,
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?: 0?0:00(?::00)?)?$/,
  /^(\d{4})(\d{2})(\d{2})$/,
];
const EARLIEST_YEAR = 1900;

export type BirthdayResult = { ok: true; birthday: string } | { ok: false; reason: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY/MM/DD` of a birthday written in an accepted form, held to the app's own birthday rule at `now`. */
export function readBirthday(text: string, now: Date): BirthdayResult {
  const normal = text.normalize('NFKC');
  const match = FORMS.map((form) => form.exec(normal)).find(Boolean);
  if (!match) return { ok: false, reason: `格式須為 YYYY/MM/DD、YYYY-MM-DD 或 YYYYMMDD（${quoted(text)}）` };
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < EARLIEST_YEAR) {
    return { ok: false, reason: `不是有效的日期（${quoted(text)}）` };
  }
  const birthday = `${year}/${pad(month)}/${pad(day)}`;
  // Same-length YYYY/MM/DD texts order as their dates.
  if (birthday > latestBirthday(now)) {
    return { ok: false, reason: `${VALIDATION_MESSAGES.birthdayTooRecent}（${quoted(text)}）` };
  }
  return { ok: true, birthday };
}
