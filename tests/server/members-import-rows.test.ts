import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../server/modules/members-import/csv';
import { birthdayPassword, normalizeBirthday, parseImportRow } from '../../server/modules/members-import/rows';

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

  it('accepts both birthday forms and refuses impossible or future dates', () => {
    expect(normalizeBirthday('1980/12/01')).toBe('1980/12/01');
    expect(normalizeBirthday('1980/1/2')).toBe('1980/01/02');
    expect(normalizeBirthday('19801201')).toBe('1980/12/01');
    expect(normalizeBirthday('1980/02/30')).toBeNull();
    expect(normalizeBirthday('2999/01/01')).toBeNull();
    expect(normalizeBirthday('1980-12-01')).toBeNull();
    expect(birthdayPassword('1980/12/01')).toBe('19801201');
  });

  it('turns a good record into a member row', () => {
    expect(parseImportRow(['0912345678', ' 王小明 ', '19801201', 'f', 'a@b.tw'], { birthdayRequired: true })).toEqual({
      ok: true,
      row: { mobile: '0912345678', name: '王小明', birthday: '1980/12/01', gender: 'F', email: 'a@b.tw' },
    });
  });

  it('keeps a mobile written with dashes or spaces as its 10 digits', () => {
    const row = parseImportRow(['0912-345-678', '王小明', '19801201', '', ''], { birthdayRequired: true });
    expect(row.ok && row.row.mobile).toBe('0912345678');
  });

  it.each([
    [[], '無法讀取這一行（引號未成對？）'],
    [['0912345678', '王小明', '19801201'], '應有 5 欄（mobile,name,birthday,gender,email），此列有 3 欄'],
    [['091234567', '王小明', '19801201', '', ''], 'mobile 欄：'],
    [['0912345678', '王<小明>', '19801201', '', ''], 'name 欄：姓名不可包含特殊字元'],
    [['0912345678', '王小明', '', '', ''], 'birthday 欄：必填（它是會員的第一組密碼）'],
    [['0912345678', '王小明', '19800231', '', ''], 'birthday 欄：不是過去的日期（19800231）'],
    [['0912345678', '王小明', '19801201', 'X', ''], 'gender 欄：須為 M、F、S 或空白（X）'],
    [['0912345678', '王小明', '19801201', 'M', 'not-an-email'], 'email 欄：'],
  ])('refuses %j with a reason about %s', (fields, reason) => {
    const result = parseImportRow(fields, { birthdayRequired: true });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });

  it('lets an e-commerce member have no birthday', () => {
    expect(parseImportRow(['0912345678', '王小明', '', '', ''], { birthdayRequired: false }).ok).toBe(true);
  });
});
