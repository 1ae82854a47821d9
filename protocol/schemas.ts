import * as v from 'valibot';
import { LINE_SOURCE, LINE_TOKEN_SOURCE } from './line';
import { VALIDATION_MESSAGES as M } from './messages';
import { halfWidth, isPlainText } from './text';
import { taipeiDate } from './time';

export const MOBILE_LENGTH = 10;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 100;
export const NAME_MAX = 50;
export const BIRTHDAY_MIN_AGE_YEARS = 12;
export const GENDERS = ['M', 'F', 'S'] as const;
export type Gender = (typeof GENDERS)[number];

const MOBILE_PATTERN = /^\d{10}$/;
// Legacy members log in with an 8-digit birthday, so login asks only for letters/digits.
const LOGIN_PASSWORD_PATTERN = /^[A-Za-z\d]{6,100}$/;
// A password that is set must mix at least one letter and one digit.
const SET_PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,100}$/;
const NAME_FORBIDDEN = /[<>/'"&;:{}[\]()*]/;
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,64}$/;
const CODE_PATTERN = /^\d{6}$/;
const BIRTHDAY_PATTERN = /^\d{4}\/\d{2}\/\d{2}$/;

const requiredString = (message: string) => v.pipe(v.string(message), v.nonEmpty(message));

/** The protocol's rule for every string: no control characters, no lone surrogates (see text.ts). */
export const plainText = () => v.check<string, string>(isPlainText, M.controlCharacters);

/** A field reports its first failing rule only: an empty field is "required", not also "format". */
export const firstIssueOnly = <S extends v.GenericSchema>(schema: S) => v.config(schema, { abortPipeEarly: true });

// People write a mobile as 0912-345-678 or 0912 345 678, and a word processor may make the dashes
// typographic ones; an IME's full-width digits, dashes and spaces are read as ASCII first.
const MOBILE_SEPARATORS = /[\s\-\u2010-\u2015]/g;
// A number copied from the phone's contacts may be in its international form: +886 912 345 678,
// sometimes keeping the 0 (+886 0912 345 678), sometimes without the plus.
const INTERNATIONAL_MOBILE = /^\+?8860?(9\d{8})$/;

/** The longest way a mobile is written: +886-0912-345-678. */
export const MOBILE_TYPED_MAX = 17;

/**
 * A mobile as typed, as its national digits: in ASCII (`halfWidth`), without its spaces and
 * dashes, and a mobile's +886 form as 09…. Anything else comes back as it is, for the rules to judge.
 */
export function mobileDigits(typed: string): string {
  const digits = halfWidth(typed).replace(MOBILE_SEPARATORS, '');
  const national = INTERNATIONAL_MOBILE.exec(digits)?.[1];
  return national ? `0${national}` : digits;
}

/** A mobile typed freely, kept as its 10 digits: `mobileDigits` reads it before the spec's rules apply. */
const mobileNumber = (required: string, format: string) =>
  firstIssueOnly(
    v.pipe(v.string(required), v.transform(mobileDigits), v.nonEmpty(required), v.regex(MOBILE_PATTERN, format)),
  );

export const accountSchema = mobileNumber(M.accountRequired, M.accountFormat);

export const mobileSchema = mobileNumber(M.mobileRequired, M.mobileFormat);

export const loginPasswordSchema = firstIssueOnly(
  v.pipe(requiredString(M.passwordRequired), v.regex(LOGIN_PASSWORD_PATTERN, M.loginPasswordFormat)),
);

/** A password being set (register, change, reset); the short text is the change/reset screens'. */
export const setPasswordSchema = (message: string = M.passwordFormat, required: string = M.passwordRequired) =>
  firstIssueOnly(v.pipe(requiredString(required), v.regex(SET_PASSWORD_PATTERN, message)));

/** The current password, asked before a change: legacy members still have the 8-digit birthday, so no mix is asked. */
export const oldPasswordSchema = firstIssueOnly(
  v.pipe(requiredString(M.oldPasswordRequired), v.regex(LOGIN_PASSWORD_PATTERN, M.loginPasswordFormat)),
);

/** The password typed again; required on its own, its match is `confirmationMatches`. */
export const confirmPasswordSchema = requiredString(M.confirmRequired);

/** The fields of a form that sets a password and asks for it twice. */
export type PasswordConfirmation = { password: string; confirm: string };

/**
 * The one "confirmation matches" rule, for the pipe of a form object with `password` and `confirm`
 * (wrapped in `crossFieldChecks`): judged as soon as both are given, whatever the other fields hold
 * and even while the password itself fails its rule; the mismatch is the confirmation's.
 */
export const confirmationMatches = <T extends PasswordConfirmation>() =>
  v.forward(
    v.partialCheck<PasswordConfirmation, [['password'], ['confirm']], PasswordConfirmation, string>(
      [['password'], ['confirm']],
      ({ password, confirm }) => !password || !confirm || password === confirm,
      M.confirmMismatch,
    ),
    ['confirm'],
  ) as unknown as v.BaseValidation<T, T, v.PartialCheckIssue<PasswordConfirmation>>;

/**
 * A form object whose pipe holds cross-field checks (such as `confirmationMatches`): they run even while
 * another field fails. Form resolvers parse with `abortPipeEarly`, which alone would skip every check after
 * the object while any field has an issue; each field schema keeps its own first-issue-only setting.
 */
export const crossFieldChecks = <S extends v.GenericSchema>(schema: S) => v.config(schema, { abortPipeEarly: false });

/** A name as typed: the spaces around it go (a Chinese keyboard's U+3000 too), so spaces alone are no name. */
export const nameSchema = firstIssueOnly(
  v.pipe(
    v.string(M.nameRequired),
    v.trim(),
    v.nonEmpty(M.nameRequired),
    plainText(),
    v.check((name) => !NAME_FORBIDDEN.test(name), M.nameSpecialCharacters),
    v.maxLength(NAME_MAX, M.nameTooLong),
  ),
);

/** Optional email: empty or null means none. */
export const emailSchema = v.nullish(
  v.union(
    [
      v.literal(''),
      v.pipe(
        v.string(M.emailFormat),
        v.transform(halfWidth),
        v.maxLength(254, M.emailFormat),
        v.regex(EMAIL_PATTERN, M.emailFormat),
      ),
    ],
    M.emailFormat,
  ),
);

export const genderSchema = v.picklist(GENDERS, M.genderRequired);

/**
 * The latest birthday allowed at `now`, `YYYY/MM/DD`: the same day 12 years back, counted from
 * the day it is in Taipei, so that the phone's picker, the form and every server agree whatever
 * their own time zone (a 29 February with none 12 years back: the 28th).
 */
export function latestBirthday(now: Date = new Date()): string {
  const [year, month, day] = taipeiDate(now).split('/').map(Number) as [number, number, number];
  const back = year - BIRTHDAY_MIN_AGE_YEARS;
  const lastOfMonth = new Date(Date.UTC(back, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${back}/${pad(month)}/${pad(Math.min(day, lastOfMonth))}`;
}

/**
 * `YYYY/MM/DD` of a real calendar date at least 12 years back from the time `now` tells when it
 * parses. The server judges at its own time; the web app at the server's time as the phone knows
 * it, so a phone's wrong clock neither lets through a birthday the server refuses nor blocks one
 * it takes.
 */
export const birthdaySchemaAt = (now: () => Date) =>
  firstIssueOnly(
    v.pipe(
      v.string(M.birthdayFormat),
      v.regex(BIRTHDAY_PATTERN, M.birthdayFormat),
      v.check((text) => {
        const [y, m, d] = text.split('/').map(Number) as [number, number, number];
        const date = new Date(Date.UTC(y, m - 1, d));
        return y >= 1900 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
      }, M.birthdayFormat),
      // Same-length YYYY/MM/DD texts order as their dates.
      v.check((text) => text <= latestBirthday(now()), M.birthdayTooRecent),
    ),
  );

/** `YYYY/MM/DD` of a real calendar date at least 12 years back, at this machine's time. */
export const birthdaySchema = birthdaySchemaAt(() => new Date());

/** The six digits of an SMS code, typed in either width. */
export const verifyCodeSchema = firstIssueOnly(
  v.pipe(
    v.string(M.codeRequired),
    v.transform(halfWidth),
    v.nonEmpty(M.codeRequired),
    v.regex(CODE_PATTERN, M.codeFormat),
  ),
);

/** Invite codes, typed in either width, lose every whitespace character. */
export const inviteCodeSchema = v.pipe(
  v.string(),
  v.transform((code) => halfWidth(code).replace(/\s+/g, '')),
  plainText(),
  v.maxLength(32, M.inviteCodeFormat),
);

/** LINE access tokens are opaque; the bound keeps a forged one from filling a row or a log line. */
export const LINE_TOKEN_MAX = 2048;

/** The spec's LINE bind data (`bind_third_party`): a LINE access token for the multi-account LINE source. */
export const lineBindDataSchema = v.object({
  source: v.literal(LINE_SOURCE),
  verify_data: v.object({
    line_token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(LINE_TOKEN_MAX), plainText()),
    line_token_source: v.literal(LINE_TOKEN_SOURCE),
  }),
});

/** An optional field that came missing, null or empty: each means "not given", read as null. */
export const notGiven = v.pipe(
  v.nullish(v.literal('')),
  v.transform(() => null),
);

/** An optional field: not given (null), or a value that passes `schema`; one message for either failing. */
export const optionalField = <S extends v.GenericSchema<unknown, string>>(schema: S, message: string) =>
  v.union([notGiven, schema], message);

/** An optional email as the server keeps it: null when not given. */
export const optionalEmailSchema = v.pipe(
  emailSchema,
  v.transform((email) => email || null),
);

/** Each field's messages once, in order: the spec de-duplicates messages per field. */
export function dedupeMessages(messages: readonly string[]): string[] {
  return [...new Set(messages)];
}
