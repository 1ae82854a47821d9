import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  findUnstorableText,
  inviteCodeSchema,
  isPlainText,
  isStorableText,
  nameSchema,
  VALIDATION_MESSAGES,
} from '#protocol';

describe('the protocol rule for strings', () => {
  it('takes ordinary text, Chinese and emoji (surrogate pairs) as plain text', () => {
    for (const text of ['王小明', 'abc 123', '😀 好', '', '\u3000全形空白']) expect(isPlainText(text)).toBe(true);
  });

  it.each(['\u0000', '\t', '\n', '\r', '\u001b', '\u001f', '\ud800', '\udfff', 'a\ud83d', '\ude00b'])(
    'refuses %j in a single-line field',
    (bad) => expect(isPlainText(`x${bad}y`)).toBe(false),
  );

  it('lets tabs and line breaks be kept, never NUL, other controls or lone surrogates', () => {
    expect(isStorableText('line one\nline two\tend\r')).toBe(true);
    for (const bad of ['\u0000', '\u0007', '\u001b', '\ud800']) expect(isStorableText(`a${bad}`)).toBe(false);
  });

  it('finds the path of the first unstorable string, key or value, however deep', () => {
    expect(findUnstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(findUnstorableText({ a: { 'k\u0000': 1 } })).toBe('a');
    expect(findUnstorableText({ fine: 'yes', n: 1, list: ['\n'] })).toBeNull();
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)+$/);
  });

  it('makes the field schemas refuse what a member could paste', () => {
    const name = v.safeParse(nameSchema, '王\u0000明');
    expect(name.success || name.issues[0].message).toBe(VALIDATION_MESSAGES.controlCharacters);
    expect(v.parse(inviteCodeSchema, ' AB 12\tC\n')).toBe('AB12C');
    expect(v.safeParse(inviteCodeSchema, 'AB\u000012').success).toBe(false);
  });
});
