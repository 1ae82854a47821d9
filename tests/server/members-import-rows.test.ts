import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBirthday } from '../../server/modules/members-import/birthday';
import { readCsv } from '../../server/modules/members-import/csv';
import { birthdayPassword, parseImportRow } from '../../server/modules/members-import/rows';

const dir = mkdtempSync(join(tmpdir(), 'csv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function recordsOf(text: string) {
  const file = join(dir, 'members.csv');
  writeFileSync(file, text);
  const records = [];
  for await (const record of readCsv(file)) records.push(record);
  return records;
}

const fieldsOf = async (text: string) => (await recordsOf(text)).map((record) => record.fields);

describe('member import rows', () => {
  it('reads quoted fields, escaped quotes and empty fields', async () => {
    expect(await fieldsOf('0912345678,"王, 小明",1980/12/01,,\na,"say ""hi""",c')).toEqual([
      ['0912345678', '王, 小明', '1980/12/01', '', ''],
      ['a', 'say "hi"', 'c'],
    ]);
  });

  it('streams records with their starting line numbers, across quoted line breaks and a BOM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csv-'));
    const file = join(dir, 'members.csv');
    writeFileSync(
      file,
      '\uFEFFmobile,name,birthday,gender,email\r\n0912345678,王小明,19801201,M,\n\n0922,"two\nlines",x,,\n',
    );
    const records = [];
    for await (const record of readCsv(file)) records.push(record);
    expect(records).toEqual([
      { line: 1, fields: ['mobile', 'name', 'birthday', 'gender', 'email'] },
      { line: 2, fields: ['0912345678', '王小明', '19801201', 'M', ''] },
      { line: 4, fields: ['0922', 'two\nlines', 'x', '', ''] },
    ]);
  });

  it('reads a spreadsheet export: a BOM, CRLF line ends, and a CRLF inside a quoted field', async () => {
    expect(await recordsOf('\uFEFFmobile,name\r\n0911000001,"林\r\n舊會員"\r\n0911000002,王小明\r\n')).toEqual([
      { line: 1, fields: ['mobile', 'name'] },
      { line: 2, fields: ['0911000001', '林\n舊會員'] },
      { line: 4, fields: ['0911000002', '王小明'] },
    ]);
  });

  it('leaves out rows of empty cells, which a spreadsheet writes below its data, as it does empty lines', async () => {
    expect(await recordsOf('mobile,name\r\n0911000001,王小明\r\n,,,,\r\n , \r\n,,\r\n')).toEqual([
      { line: 1, fields: ['mobile', 'name'] },
      { line: 2, fields: ['0911000001', '王小明'] },
    ]);
  });

  it('numbers each record by the line it starts on, after quoted fields of several lines', async () => {
    const records = await recordsOf('a,"one\n\ntwo",b\nc,"three\nfour",d\nnot,a,member\n');
    expect(records.map((record) => record.line)).toEqual([1, 4, 6]);
    expect(records[2]?.fields).toEqual(['not', 'a', 'member']);
  });

  it('leaves out the spaces around a quoted field, and keeps a stray quote as part of its field', async () => {
    expect(await fieldsOf('0911000001 , "王小明" ,x\n0911000002,王"小明,y\n0911000003,b,c\n')).toEqual([
      ['0911000001', '王小明', 'x'],
      ['0911000002', '王"小明', 'y'],
      ['0911000003', 'b', 'c'],
    ]);
  });

  it('answers an unreadable record as one with no fields at its line, and reads on from the next line', async () => {
    expect(await recordsOf('a,b\nc,"d\ne,f\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: [] },
      { line: 3, fields: ['e', 'f'] },
    ]);
    expect(await recordsOf('a,b\n"ab"c,d\ne,f\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: [] },
      { line: 3, fields: ['e', 'f'] },
    ]);
  });

  // 2026/01/01 in Taipei: the latest birthday the app accepts is 2014/01/01.
  const NOW = new Date('2026-01-01T00:00:00+08:00');
  const birthdayOf = (text: string) => readBirthday(text, NOW);

  it('accepts the birthday forms a spreadsheet writes, as YYYY/MM/DD', () => {
    for (const [text, birthday] of [
      ['1980/12/01', '1980/12/01'],
      ['1980/1/2', '1980/01/02'],
      ['19801201', '1980/12/01'],
      ['1980-12-01', '1980/12/01'],
      ['1980/12/01 00:00:00', '1980/12/01'],
      ['１９８０/１２/０１', '1980/12/01'],
    ]) {
      expect(birthdayOf(text as string)).toEqual({ ok: true, birthday });
    }
    expect(birthdayPassword('1980/12/01')).toBe('19801201');
  });

  it('names the accepted formats when a birthday is written another way', () => {
    for (const text of ['79/05/12', '0790512', '1990.05.12', '５/12/1990', '12/05/1990', '1990/05/12 13:45']) {
      expect(birthdayOf(text)).toEqual({
        ok: false,
        reason: `格式須為 YYYY/MM/DD、YYYY-MM-DD 或 YYYYMMDD（${text}）`,
      });
    }
  });

  it("refuses a date that does not exist or is before 1900, and one less than 12 years back (the app's own rule)", () => {
    expect(birthdayOf('1980/02/30')).toEqual({ ok: false, reason: '不是有效的日期（1980/02/30）' });
    expect(birthdayOf('1899/12/31')).toEqual({ ok: false, reason: '不是有效的日期（1899/12/31）' });
    expect(birthdayOf('2014/01/01')).toEqual({ ok: true, birthday: '2014/01/01' });
    expect(birthdayOf('2014/01/02')).toEqual({ ok: false, reason: '生日須為 12 年前（含）以前的日期（2014/01/02）' });
    expect(birthdayOf('2999/01/01')).toEqual({ ok: false, reason: '生日須為 12 年前（含）以前的日期（2999/01/01）' });
  });

  const rowOf = (fields: string[], birthdayKept = true) => parseImportRow(fields, { birthdayKept, now: NOW });

  it('turns a good record into a member row', () => {
    expect(rowOf(['0912345678', ' 王小明 ', '19801201', 'f', 'a@b.tw'])).toEqual({
      ok: true,
      row: { mobile: '0912345678', name: '王小明', birthday: '1980/12/01', gender: 'F', email: 'a@b.tw' },
    });
  });

  it('keeps an email written in full-width characters in ASCII', () => {
    const row = rowOf(['0912345678', '王小明', '19801201', '', 'ａ＠ｂ．ｔｗ']);
    expect(row.ok && row.row.email).toBe('a@b.tw');
  });

  it.each([
    ['0912-345-678', '0912345678'],
    ['0912 345 678', '0912345678'],
    ['０９１２３４５６７８', '0912345678'],
    ['0912３４５678', '0912345678'],
    ['+886912345678', '0912345678'],
    ['+886 912 345 678', '0912345678'],
    ['886912345678', '0912345678'],
    ['+886-0912-345-678', '0912345678'],
    ['912345678', '0912345678'],
  ])('keeps the mobile %s as %s', (typed, mobile) => {
    const row = rowOf([typed, '王小明', '19801201', '', '']);
    expect(row.ok && row.row.mobile).toBe(mobile);
  });

  it("tolerates empty columns after the last one (a spreadsheet's trailing comma)", () => {
    expect(rowOf(['0912345678', '王小明', '19801201', 'M', '', '']).ok).toBe(true);
    expect(rowOf(['0912345678', '王小明', '19801201', 'M', '', ' ', '']).ok).toBe(true);
    expect(rowOf(['0912345678', '王小明', '19801201', 'M', '', 'extra'])).toEqual({
      ok: false,
      reason: '應有 5 欄（mobile,name,birthday,gender,email），此列有 6 欄',
    });
  });

  it.each([
    [[], '無法讀取這一行（引號未成對？）'],
    [['0912345678', '王小明', '19801201'], '應有 5 欄（mobile,name,birthday,gender,email），此列有 3 欄'],
    [['091234567', '王小明', '19801201', '', ''], 'mobile 欄：手機號碼格式錯誤（091234567）'],
    [['(09)12345678', '王小明', '19801201', '', ''], 'mobile 欄：手機號碼格式錯誤（(09)12345678）'],
    [['', '王小明', '19801201', '', ''], 'mobile 欄：請輸入手機號碼'],
    [['0912345678', '王<小明>', '19801201', '', ''], 'name 欄：姓名不可包含特殊字元'],
    [['0912345678', '王小明', '', '', ''], 'birthday 欄：必填（它是會員的第一組密碼）'],
    [['0912345678', '王小明', '19800231', '', ''], 'birthday 欄：不是有效的日期（19800231）'],
    [
      ['0912345678', '王小明', '1990.05.12', '', ''],
      'birthday 欄：格式須為 YYYY/MM/DD、YYYY-MM-DD 或 YYYYMMDD（1990.05.12）',
    ],
    [['0912345678', '王小明', '19801201', 'X', ''], 'gender 欄：須為 M、F、S 或空白（X）'],
    [['0912345678', '王小明', '19801201', 'M', 'not-an-email'], 'email 欄：'],
  ])('refuses %j with a reason about %s', (fields, reason) => {
    const result = rowOf(fields);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });

  it('quotes a value back with its control characters escaped and its length capped', () => {
    const gender = rowOf(['0912345678', '王小明', '19801201', '\u001b[2J\u001b]0;pwned\u0007', '']);
    expect(gender).toEqual({ ok: false, reason: 'gender 欄：須為 M、F、S 或空白（\\u001b[2J\\u001b]0;pwned\\u0007）' });
    const birthday = rowOf(['0912345678', '王小明', '\u001b[31m1990/01/01\u009b0m', '', '']);
    expect(birthday.ok ? '' : birthday.reason).toContain('（\\u001b[31m1990/01/01\\u009b0m）');
    const long = rowOf([`09${'1'.repeat(200)}`, '王小明', '19801201', '', '']);
    expect(long.ok ? '' : long.reason).toBe(`mobile 欄：手機號碼格式錯誤（09${'1'.repeat(38)}…）`);
  });

  it('lets an e-commerce member have no birthday, or one the list would not keep anyway', () => {
    expect(rowOf(['0912345678', '王小明', '', '', ''], false).ok).toBe(true);
    expect(rowOf(['0912345678', '王小明', '2020/01/01', '', ''], false)).toMatchObject({
      ok: true,
      row: { birthday: null },
    });
    expect(rowOf(['0912345678', '王小明', 'someday', '', ''], false).ok).toBe(true);
  });

  it('keeps an e-commerce member’s mobile whatever their shop name, gender or email: the list is looked up by mobile', () => {
    expect(rowOf(['0912345678', '王小明(VIP)', '', '男', 'n/a'], false)).toEqual({
      ok: true,
      row: { mobile: '0912345678', name: '王小明(VIP)', birthday: null, gender: null, email: null },
    });
    expect(rowOf(['0912345678', '', '', '', 'amy@example.com'], false)).toMatchObject({
      ok: true,
      row: { name: '', email: 'amy@example.com' },
    });
    // What the list cannot store is left out, not the member.
    expect(rowOf(['0912345678', `${'名'.repeat(120)}`, '', '', ''], false)).toMatchObject({
      row: { name: '名'.repeat(100) },
    });
    expect(rowOf(['0912345678', 'Amy\u0007', '', '', ''], false)).toMatchObject({ row: { name: '' } });
    expect(rowOf(['0912', 'Amy', '', '', ''], false).ok).toBe(false);
  });
});
