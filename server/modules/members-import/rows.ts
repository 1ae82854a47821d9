import * as v from 'valibot';
import { emailSchema, GENDERS, type Gender, mobileSchema, nameSchema } from '#protocol';

export const CSV_COLUMNS = ['mobile', 'name', 'birthday', 'gender', 'email'] as const;

export interface ImportRow {
  mobile: string;
  name: string;
  /** `YYYY/MM/DD`, or null when the file has none (allowed for e-commerce members only). */
  birthday: string | null;
  gender: Gender | null;
  email: string | null;
}

export type RowResult = { ok: true; row: ImportRow } | { ok: false; reason: string };

const BIRTHDAY_FORMS = [/^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, /^(\d{4})(\d{2})(\d{2})$/];

/** `YYYY/MM/DD` from `YYYY/MM/DD` or `YYYYMMDD`, or null when it names no real past date. */
export function normalizeBirthday(text: string, today = new Date()): string | null {
  const match = BIRTHDAY_FORMS.map((form) => form.exec(text)).find(Boolean);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1900 || date > today) return null;
  return `${year}/${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}`;
}

/** The 8-digit birthday that legacy members use as their first password. */
export const birthdayPassword = (birthday: string) => birthday.replaceAll('/', '');

const firstMessage = (result: v.SafeParseResult<v.GenericSchema>) => result.issues?.[0]?.message ?? '';

/** True when a record is the header line rather than a member. */
export const isHeader = (fields: string[]) => fields[0]?.trim().toLowerCase() === 'mobile';

/** Checks one CSV record with the same field rules the app and server use. */
export function parseImportRow(fields: string[], { birthdayRequired }: { birthdayRequired: boolean }): RowResult {
  // The reader answers a record it cannot read (a quote never closed) as one with no fields.
  if (fields.length === 0) return { ok: false, reason: '無法讀取這一行（引號未成對？）' };
  if (fields.length !== CSV_COLUMNS.length) {
    return {
      ok: false,
      reason: `應有 ${CSV_COLUMNS.length} 欄（${CSV_COLUMNS.join(',')}），此列有 ${fields.length} 欄`,
    };
  }
  const [mobile, name, birthdayText, genderText, emailText] = fields.map((f) => f.trim()) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const mobileResult = v.safeParse(mobileSchema, mobile);
  if (!mobileResult.success) return { ok: false, reason: `mobile 欄：${firstMessage(mobileResult)}` };
  const nameResult = v.safeParse(nameSchema, name);
  if (!nameResult.success) return { ok: false, reason: `name 欄：${firstMessage(nameResult)}` };
  const birthday = birthdayText === '' ? null : normalizeBirthday(birthdayText);
  if (birthdayText !== '' && birthday === null)
    return { ok: false, reason: `birthday 欄：不是過去的日期（${birthdayText}）` };
  if (birthdayRequired && birthday === null) return { ok: false, reason: 'birthday 欄：必填（它是會員的第一組密碼）' };
  const gender = genderText.toUpperCase();
  if (gender !== '' && !(GENDERS as readonly string[]).includes(gender)) {
    return { ok: false, reason: `gender 欄：須為 M、F、S 或空白（${genderText}）` };
  }
  const emailResult = v.safeParse(emailSchema, emailText);
  if (!emailResult.success) return { ok: false, reason: `email 欄：${firstMessage(emailResult)}` };
  return {
    ok: true,
    row: {
      mobile: mobileResult.output,
      name,
      birthday,
      gender: gender === '' ? null : (gender as Gender),
      email: emailText === '' ? null : emailText,
    },
  };
}
