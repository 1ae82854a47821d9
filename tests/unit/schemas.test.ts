import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import {
  accountSchema,
  birthdaySchema,
  birthdaySchemaAt,
  confirmationMatches,
  confirmPasswordSchema,
  crossFieldChecks,
  dedupeMessages,
  emailSchema,
  genderSchema,
  inviteCodeSchema,
  latestBirthday,
  loginPasswordSchema,
  VALIDATION_MESSAGES as M,
  mobileSchema,
  nameSchema,
  oldPasswordSchema,
  optionalEmailSchema,
  setPasswordSchema,
  verifyCodeSchema,
} from '#protocol';

const messages = (schema: v.GenericSchema, value: unknown) =>
  v.safeParse(schema, value).issues?.map((issue) => issue.message) ?? [];

/** `YYYY/MM/DD` of the day after a `YYYY/MM/DD` date. */
function dayAfter(date: string): string {
  const [year, month, day] = date.split('/').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10).replaceAll('-', '/');
}

/** The latest birthday the rule allows today (12 years back from the day in Taipei) passes; the day after does not. */
function expectTwelveYearsBackToday(): void {
  expect(messages(birthdaySchema, latestBirthday())).toEqual([]);
  expect(messages(birthdaySchema, dayAfter(latestBirthday()))).toEqual([M.birthdayTooRecent]);
}

describe('the one "confirmation matches" rule', () => {
  const form = v.pipe(
    v.object({ password: setPasswordSchema(), confirm: confirmPasswordSchema, name: v.string() }),
    confirmationMatches(),
  );
  const issues = (input: unknown) =>
    (v.safeParse(form, input).issues ?? []).map((issue) => [issue.path?.map((p) => p.key).join('.'), issue.message]);

  it('names the confirmation when it differs, whatever the other fields hold', () => {
    expect(issues({ password: 'abc123', confirm: 'abc124', name: 'x' })).toEqual([['confirm', M.confirmMismatch]]);
    expect(issues({ password: 'abc123', confirm: 'abc124', name: 1 })).toContainEqual(['confirm', M.confirmMismatch]);
  });

  it('passes equal passwords and asks for a missing confirmation as required first', () => {
    expect(issues({ password: 'abc123', confirm: 'abc123', name: 'x' })).toEqual([]);
    expect(issues({ password: 'abc123', confirm: '', name: 'x' })[0]).toEqual(['confirm', M.confirmRequired]);
  });

  it('judges the match as soon as both are given, even while the password itself fails', () => {
    expect(issues({ password: 'abc', confirm: 'abd', name: 'x' })).toEqual([
      ['password', M.passwordFormat],
      ['confirm', M.confirmMismatch],
    ]);
    expect(issues({ password: '', confirm: 'abc123', name: 'x' })).toEqual([['password', M.passwordRequired]]);
  });
});

describe('cross-field checks in a form', () => {
  // A form resolver parses with abortPipeEarly, which alone would skip a pipe's checks while any field fails.
  const asAResolverParses = { abortPipeEarly: true } as const;
  const form = crossFieldChecks(
    v.pipe(
      v.object({ mobile: mobileSchema, password: setPasswordSchema(), confirm: confirmPasswordSchema }),
      confirmationMatches(),
    ),
  );
  const issues = (input: unknown) =>
    (v.safeParse(form, input, asAResolverParses).issues ?? []).map((issue) => [
      issue.path?.map((p) => p.key).join('.'),
      issue.message,
    ]);

  it('report the mismatch while another field is empty, and still one message per field', () => {
    expect(issues({ mobile: '', password: 'abc123', confirm: 'abc124' })).toEqual([
      ['mobile', M.mobileRequired],
      ['confirm', M.confirmMismatch],
    ]);
    expect(issues({ mobile: '', password: '', confirm: '' })).toEqual([
      ['mobile', M.mobileRequired],
      ['password', M.passwordRequired],
      ['confirm', M.confirmRequired],
    ]);
  });
});

describe('field rules of the spec', () => {
  it('account and mobile: required, exactly 10 digits', () => {
    expect(messages(accountSchema, '')).toEqual([M.accountRequired]);
    expect(messages(accountSchema, '091234567')).toEqual([M.accountFormat]);
    expect(messages(accountSchema, '09123456789')).toEqual([M.accountFormat]);
    expect(messages(accountSchema, '09123456ab')).toEqual([M.accountFormat]);
    expect(messages(accountSchema, '0912345678')).toEqual([]);
    expect(messages(mobileSchema, '')).toEqual([M.mobileRequired]);
    expect(messages(mobileSchema, '12345')).toEqual([M.mobileFormat]);
  });

  it('account and mobile: typed with dashes or spaces, in full-width digits or as +886, kept as the 10 digits', () => {
    for (const schema of [accountSchema, mobileSchema]) {
      for (const typed of [
        '0912-345-678',
        '0912 345 678',
        ' 0912345678 ',
        '0912－345－678',
        '0912\u3000345\u3000678',
        // A Chinese keyboard in full-width mode (全形) types these; the member sees the right digits.
        '０９１２３４５６７８',
        '０９１２－３４５－６７８',
        // Copied from the phone's contacts, in the international form.
        '+886912345678',
        '+886 912 345 678',
        '+886-912-345-678',
        '+886 0912 345 678',
        '886912345678',
      ]) {
        expect(v.parse(schema, typed)).toBe('0912345678');
      }
    }
    expect(messages(accountSchema, ' - ')).toEqual([M.accountRequired]);
    expect(messages(mobileSchema, '0912-345-67')).toEqual([M.mobileFormat]);
    expect(messages(mobileSchema, '0912.345.678')).toEqual([M.mobileFormat]);
    // Only a mobile's international form: a Taipei landline stays what it is, and is refused.
    expect(messages(mobileSchema, '+886 2 2345 6789')).toEqual([M.mobileFormat]);
    expect(messages(mobileSchema, '+1 912 345 678')).toEqual([M.mobileFormat]);
  });

  it('login password: 6-100 letters or digits, so an 8-digit birthday logs in', () => {
    expect(messages(loginPasswordSchema, '')).toEqual([M.passwordRequired]);
    expect(messages(loginPasswordSchema, '19801201')).toEqual([]);
    expect(messages(loginPasswordSchema, 'abc12')).toEqual([M.loginPasswordFormat]);
    expect(messages(loginPasswordSchema, 'abc 123')).toEqual([M.loginPasswordFormat]);
    expect(messages(loginPasswordSchema, 'a'.repeat(101))).toEqual([M.loginPasswordFormat]);
  });

  it('a password being set mixes letters and digits, 6 to 100', () => {
    const schema = setPasswordSchema();
    expect(messages(schema, '')).toEqual([M.passwordRequired]);
    expect(messages(schema, '19801201')).toEqual([M.passwordFormat]);
    expect(messages(schema, 'abcdefg')).toEqual([M.passwordFormat]);
    expect(messages(schema, 'abc12')).toEqual([M.passwordFormat]);
    expect(messages(schema, 'abc123')).toEqual([]);
    expect(messages(schema, `a${'1'.repeat(99)}`)).toEqual([]);
    expect(messages(schema, `a${'1'.repeat(100)}`)).toEqual([M.passwordFormat]);
    expect(messages(setPasswordSchema(M.passwordFormatShort), 'abc')).toEqual([M.passwordFormatShort]);
  });

  it('the current password, asked before a change, is letters or digits as at login, and says so (decision 0025)', () => {
    expect(messages(oldPasswordSchema, '')).toEqual([M.oldPasswordRequired]);
    expect(messages(oldPasswordSchema, '19801201')).toEqual([]);
    expect(messages(oldPasswordSchema, 'abc!23')).toEqual([M.loginPasswordFormat]);
    expect(messages(oldPasswordSchema, 'abc12')).toEqual([M.loginPasswordFormat]);
  });

  it('name: required and none of < > / \' " & ; : { } [ ] ( ) *', () => {
    expect(messages(nameSchema, '')).toEqual([M.nameRequired]);
    expect(messages(nameSchema, '王小明')).toEqual([]);
    for (const ch of '<>/\'"&;:{}[]()*') {
      expect(messages(nameSchema, `王${ch}明`)).toEqual([M.nameSpecialCharacters]);
    }
  });

  it('name: spaces alone are no name, and the spaces around one are not kept', () => {
    // U+3000 is the space a Chinese keyboard types.
    for (const blank of [' ', '   ', '\u3000\u3000', ' \u3000 '])
      expect(messages(nameSchema, blank)).toEqual([M.nameRequired]);
    expect(v.parse(nameSchema, ' 王小明\u3000')).toBe('王小明');
    expect(messages(nameSchema, ` ${'王'.repeat(50)} `)).toEqual([]);
  });

  it('email: optional, local@domain with a 2-64 letter TLD', () => {
    for (const ok of [null, undefined, '', 'a@b.tw', 'first.last+tag@mail.example.com', `x@y.${'a'.repeat(64)}`]) {
      expect(messages(emailSchema, ok)).toEqual([]);
    }
    for (const bad of ['a@b', 'a@b.c', 'a@b.c1', '@b.tw', 'a b@c.tw', `x@y.${'a'.repeat(65)}`]) {
      expect(messages(emailSchema, bad)).toEqual([M.emailFormat]);
    }
  });

  it('gender: M, F or S', () => {
    expect(messages(genderSchema, 'M')).toEqual([]);
    expect(messages(genderSchema, 'X')).toEqual([M.genderRequired]);
  });

  it('birthday: a real YYYY/MM/DD date at least 12 years back', () => {
    expect(messages(birthdaySchema, '1980/12/01')).toEqual([]);
    expect(messages(birthdaySchema, '1980-12-01')).toEqual([M.birthdayFormat]);
    expect(messages(birthdaySchema, '1980/02/30')).toEqual([M.birthdayFormat]);
    expectTwelveYearsBackToday();
  });

  it('birthday: twelve years back from the Taipei day on the last evening of a year in UTC', () => {
    // 20:00 UTC on 31 December is already 1 January in Taipei: the runner's own year is the old one.
    vi.useFakeTimers({ now: new Date('2025-12-31T20:00:00Z'), toFake: ['Date'] });
    try {
      expect(latestBirthday()).toBe('2014/01/01');
      expectTwelveYearsBackToday();
    } finally {
      vi.useRealTimers();
    }
  });

  it('birthday: judged at the time the given clock tells when it parses (the web app reads the server’s)', () => {
    let now = new Date('2025-03-10T15:59:59Z');
    const birthdayAtNow = birthdaySchemaAt(() => now);
    expect(messages(birthdayAtNow, '2013/03/10')).toEqual([]);
    expect(messages(birthdayAtNow, '2013/03/11')).toEqual([M.birthdayTooRecent]);
    now = new Date('2025-03-10T16:00:00Z');
    expect(messages(birthdayAtNow, '2013/03/11')).toEqual([]);
    expect(messages(birthdayAtNow, '2013/02/30')).toEqual([M.birthdayFormat]);
  });

  it('birthday: the 12 years count from the day it is in Taipei, wherever the device or the server is', () => {
    // 2025-03-10 02:00 in Taipei is still the 9th in UTC and in most of the world.
    const taipeiEarlyMorning = new Date('2025-03-09T18:00:00Z');
    expect(latestBirthday(taipeiEarlyMorning)).toBe('2013/03/10');
    expect(latestBirthday(new Date('2025-03-10T15:59:59Z'))).toBe('2013/03/10');
    expect(latestBirthday(new Date('2025-03-10T16:00:00Z'))).toBe('2013/03/11');
    // A 29 February twelve years after a year that had none: the 28th.
    expect(latestBirthday(new Date('2112-02-29T04:00:00Z'))).toBe('2100/02/28');
    vi.useFakeTimers({ now: taipeiEarlyMorning, toFake: ['Date'] });
    try {
      expect(messages(birthdaySchema, '2013/03/10')).toEqual([]);
      expect(messages(birthdaySchema, '2013/03/11')).toEqual([M.birthdayTooRecent]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('verification code is required', () => {
    expect(messages(verifyCodeSchema, '')).toEqual([M.codeRequired]);
    expect(messages(verifyCodeSchema, '123456')).toEqual([]);
  });

  it('verification code: full-width digits are its digits', () => {
    expect(v.parse(verifyCodeSchema, '１２３４５６')).toBe('123456');
    expect(messages(verifyCodeSchema, '１２３４５')).toEqual([M.codeFormat]);
  });

  it('email: typed in full-width, kept in ASCII', () => {
    expect(v.parse(emailSchema, 'ａｂｃ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('abc@example.com');
    expect(v.parse(optionalEmailSchema, 'Ａ．Ｂ＠ｍａｉｌ．ｔｗ')).toBe('A.B@mail.tw');
  });

  it('invite code loses its whitespace', () => {
    expect(v.parse(inviteCodeSchema, ' AB 12\tC\n')).toBe('AB12C');
  });

  it('invite code: typed in full-width, kept in ASCII', () => {
    expect(v.parse(inviteCodeSchema, 'ＡＢ１２\u3000Ｃ')).toBe('AB12C');
  });

  it('duplicate messages of a field are shown once', () => {
    expect(dedupeMessages(['a', 'b', 'a'])).toEqual(['a', 'b']);
  });
});
