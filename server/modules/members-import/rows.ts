import * as v from 'valibot';
import { emailSchema, GENDERS, type Gender, isPlainText, mobileSchema, nameSchema } from '#protocol';
import { readBirthday } from './birthday';
import { importedMobile } from './mobile';
import { quoted } from './quoted';

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

/** The 8-digit birthday that legacy members use as their first password. */
export const birthdayPassword = (birthday: string) => birthday.replaceAll('/', '');

const firstMessage = (result: v.SafeParseResult<v.GenericSchema>) => result.issues?.[0]?.message ?? '';

/** A record without the empty columns a spreadsheet adds after the last one (a trailing comma). */
function withinColumns(fields: string[]): string[] {
  const extra = fields.slice(CSV_COLUMNS.length);
  return extra.every((field) => field.trim() === '') ? fields.slice(0, CSV_COLUMNS.length) : fields;
}

const columnName = (field: string) => field.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
const COLUMN_NAMES: ReadonlySet<string> = new Set(CSV_COLUMNS);
/** A header is quoted at more length than a value: the operator compares it with the expected one. */
const HEADER_SHOWN_MAX = 120;

/** True when a record names columns rather than a member: one of its fields is a column's name. */
export const looksLikeHeader = (fields: string[]) => fields.some((field) => COLUMN_NAMES.has(columnName(field)));

/**
 * Why a header line refuses the whole file, or null when it names the columns in their order.
 * Columns in another order would put every member's name in mobile and mobile in name.
 */
export function headerProblem(fields: string[]): string | null {
  const names = withinColumns(fields).map(columnName);
  if (names.join(',') === CSV_COLUMNS.join(',')) return null;
  return `第一行的欄位須依序為 ${CSV_COLUMNS.join(',')}（這個檔案是 ${quoted(fields.join(','), HEADER_SHOWN_MAX)}）`;
}

/** As long as the e-commerce list's name column. */
const EC_NAME_MAX = 100;

/**
 * A row of the legacy e-commerce list, which the login screen looks up by mobile alone: the shop's
 * names (`王小明(VIP)`, `Lee, Amy/ABC Co.`), genders and emails follow none of the member rules, and
 * refusing the row over them would leave that mobile out of the list. The name and the email are
 * kept where the list can store them, and left out where not: a name with control characters is
 * left out, and one longer than the list's 100 characters is cut to its first 100.
 */
function ecListRow(mobile: string, name: string, emailText: string): ImportRow {
  const email = v.safeParse(emailSchema, emailText);
  return {
    mobile,
    name: isPlainText(name) ? [...name].slice(0, EC_NAME_MAX).join('') : '',
    birthday: null,
    gender: null,
    email: email.success && email.output ? email.output : null,
  };
}

/**
 * Checks one CSV record with the same field rules the app and server use; `now` dates the birthday
 * rule. A member account keeps the birthday (its first password), so there it is required; the
 * e-commerce list keeps none, so there it is not read at all, and only its mobile can refuse a row
 * (`ecListRow`).
 */
export function parseImportRow(record: string[], options: { birthdayKept: boolean; now: Date }): RowResult {
  // The reader answers a record it cannot read (a quote never closed) as one with no fields.
  if (record.length === 0) return { ok: false, reason: '無法讀取這一行（引號未成對？）' };
  const fields = withinColumns(record);
  if (fields.length !== CSV_COLUMNS.length) {
    return {
      ok: false,
      reason: `應有 ${CSV_COLUMNS.length} 欄（${CSV_COLUMNS.join(',')}），此列有 ${fields.length} 欄`,
    };
  }
  const [mobileText, name, birthdayText, genderText, emailText] = fields.map((f) => f.trim()) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const mobileResult = v.safeParse(mobileSchema, importedMobile(mobileText));
  if (!mobileResult.success) {
    const written = mobileText === '' ? '' : `（${quoted(mobileText)}）`;
    return { ok: false, reason: `mobile 欄：${firstMessage(mobileResult)}${written}` };
  }
  if (!options.birthdayKept) return { ok: true, row: ecListRow(mobileResult.output, name, emailText) };
  const nameResult = v.safeParse(nameSchema, name);
  if (!nameResult.success) return { ok: false, reason: `name 欄：${firstMessage(nameResult)}` };
  const birthday = options.birthdayKept && birthdayText !== '' ? readBirthday(birthdayText, options.now) : null;
  if (birthday && !birthday.ok) return { ok: false, reason: `birthday 欄：${birthday.reason}` };
  if (options.birthdayKept && !birthday) return { ok: false, reason: 'birthday 欄：必填（它是會員的第一組密碼）' };
  const gender = genderText.toUpperCase();
  if (gender !== '' && !(GENDERS as readonly string[]).includes(gender)) {
    return { ok: false, reason: `gender 欄：須為 M、F、S 或空白（${quoted(genderText)}）` };
  }
  const emailResult = v.safeParse(emailSchema, emailText);
  if (!emailResult.success) return { ok: false, reason: `email 欄：${firstMessage(emailResult)}` };
  return {
    ok: true,
    row: {
      mobile: mobileResult.output,
      name,
      birthday: birthday?.birthday ?? null,
      gender: gender === '' ? null : (gender as Gender),
      email: emailResult.output || null,
    },
  };
}
