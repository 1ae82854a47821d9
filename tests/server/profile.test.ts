import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { latestBirthday, RC_MESSAGES } from '#protocol';
import type { Member } from '../../server/modules/members/service';
import { issueToken } from '../../server/modules/tokens/service';
import { startTestApp, type TestApp } from './helpers/app';
import { tableContents } from './helpers/database';
import { addMember, MEMBER, memberToken } from './helpers/members';
import { memberApi, memberRow } from './helpers/profile';
import { roundTripsOf } from './helpers/round-trips';

let t: TestApp;
let member: Member;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  member = await addMember(t, { gender: 'M', email: 'ming@example.com', birthday: null, isVerified: false });
  token = await memberToken(t);
});

const getProfile = (tk: string | null = token) => memberApi(t, 'get_member_profile', tk);
const update = (profile: Record<string, unknown>, tk: string | null = token) =>
  memberApi(t, 'update_member_profile', tk, { member_profile: profile });
const PROFILE = { name: '王大明', gender: 'F', email: 'daming@example.com', birthday: '1990/05/20' };

/** `YYYY/MM/DD` of the latest birthday the rule allows now (12 years back in Taipei), `days` later. */
function latestBirthdayAnd(days = 0): string {
  const [year, month, day] = latestBirthday().split('/').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10).replaceAll('-', '/');
}

describe('POST /api/member/get_member_profile', () => {
  it('answers the member profile of the token', async () => {
    const response = await getProfile();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 },
      results: {
        member_profile: {
          name: MEMBER.name,
          mobile: MEMBER.mobile,
          gender: 'M',
          email: 'ming@example.com',
          birthday: null,
          is_verified: false,
          referral_code: member.referralCode,
        },
      },
    });
    expect(member.referralCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('answers the birthday as YYYY/MM/DD and nulls for what the member never gave', async () => {
    const other = await addMember(t, { mobile: '0922000111', birthday: '1985/01/02', isVerified: true });
    const response = await getProfile(await memberToken(t, other.mobile));
    expect(response.json().results.member_profile).toMatchObject({
      mobile: '0922000111',
      gender: null,
      email: null,
      birthday: '1985/01/02',
      is_verified: true,
    });
  });

  it.each([
    ['no token', null],
    ['a malformed token', 'not-a-token'],
    ['an unknown token', 'A'.repeat(43)],
  ])('answers TOKEN_INVALID for %s', async (_, tk) => {
    const response = await getProfile(tk);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rcrm: { RC: 'TOKEN_INVALID', RM: RC_MESSAGES.TOKEN_INVALID }, results: {} });
  });

  it('answers TOKEN_INVALID for a temp token and for an expired member token', async () => {
    const temp = await issueToken(t.db, member.id, { kind: 'temp', purpose: 'register' }, t.clock.now());
    expect((await getProfile(temp.token)).json().rcrm.RC).toBe('TOKEN_INVALID');
    const old = await issueToken(t.db, member.id, { kind: 'member' }, new Date(Date.UTC(2020, 0, 1)));
    expect((await getProfile(old.token)).json().rcrm.RC).toBe('TOKEN_INVALID');
  });

  it('takes one database round trip, the token and its member joined, and writes nothing', async () => {
    let rc = '';
    const roundTrips = await roundTripsOf(t, async () => {
      rc = (await getProfile()).json().rcrm.RC;
    });
    expect({ rc, roundTrips }).toEqual({ rc: 'C01', roundTrips: 1 });
  });
});

describe('POST /api/member/update_member_profile', () => {
  it('saves name, gender, email and a first birthday', async () => {
    const response = await update(PROFILE);
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });
    expect((await getProfile()).json().results.member_profile).toMatchObject(PROFILE);
    const row = await memberRow(t, member.id);
    expect(row.birthday).toBe('1990-05-20');
    expect(row.updatedAt.getTime()).toBe(t.clock.now().getTime());
  });

  it('clears gender and email given as null or empty, and keeps no birthday when it is omitted', async () => {
    expect((await update({ name: '王小明', gender: null, email: '' })).json().rcrm.RC).toBe('C01');
    expect((await getProfile()).json().results.member_profile).toMatchObject({
      gender: null,
      email: null,
      birthday: null,
    });
    expect((await update({ name: '王小明', gender: '', email: null, birthday: '' })).json().rcrm.RC).toBe('C01');
    expect((await update({ name: '王小明' })).json().rcrm.RC).toBe('C01');
    expect((await memberRow(t, member.id)).gender).toBeNull();
  });

  describe('the birthday lock', () => {
    beforeEach(async () => {
      expect((await update(PROFILE)).json().rcrm.RC).toBe('C01');
    });

    it('refuses a different birthday once one is set, with BIRTHDAY_CANNOT_CHANGE, and saves nothing else', async () => {
      const response = await update({ ...PROFILE, name: '改名字', birthday: '1991/05/20' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        rcrm: { RC: 'BIRTHDAY_CANNOT_CHANGE', RM: '生日設定後無法修改' },
        results: {},
      });
      const row = await memberRow(t, member.id);
      expect(row.birthday).toBe('1990-05-20');
      expect(row.name).toBe(PROFILE.name);
    });

    it('takes the same birthday again, and keeps it when the birthday is omitted, null or empty', async () => {
      expect((await update({ ...PROFILE, name: '一' })).json().rcrm.RC).toBe('C01');
      for (const birthday of [undefined, null, '']) {
        const profile: Record<string, unknown> = { ...PROFILE, name: '二' };
        if (birthday === undefined) delete profile.birthday;
        else profile.birthday = birthday;
        expect((await update(profile)).json().rcrm.RC).toBe('C01');
        expect((await memberRow(t, member.id)).birthday).toBe('1990-05-20');
      }
      expect((await memberRow(t, member.id)).name).toBe('二');
    });
  });

  it('takes a birthday exactly 12 years back and refuses one a day later', async () => {
    expect((await update({ ...PROFILE, birthday: latestBirthdayAnd(1) })).json().rcrm).toEqual({
      RC: 'PARAMETER_INVALID',
      RM: '生日須為 12 年前（含）以前的日期（member_profile.birthday）',
    });
    expect((await memberRow(t, member.id)).birthday).toBeNull();
    expect((await update({ ...PROFILE, birthday: latestBirthdayAnd() })).json().rcrm.RC).toBe('C01');
  });

  it.each([
    ['a name with special characters', { name: '王<小明>' }, '姓名不可包含特殊字元（member_profile.name）'],
    ['an empty name', { name: '' }, '請輸入姓名（member_profile.name）'],
    ['a name of spaces only', { name: ' \u3000 ' }, '請輸入姓名（member_profile.name）'],
    ['no name', { name: undefined }, undefined],
    ['a name over 50 characters', { name: '王'.repeat(51) }, '姓名最多 50 個字（member_profile.name）'],
    ['an unknown gender', { gender: 'X' }, '請選擇性別（member_profile.gender）'],
    ['an email without a domain', { email: 'daming@' }, '格式錯誤（member_profile.email）'],
    ['an email with a one-letter TLD', { email: 'daming@example.c' }, '格式錯誤（member_profile.email）'],
    ['a birthday with dashes', { birthday: '1990-05-20' }, '生日格式錯誤（member_profile.birthday）'],
    ['a birthday that is no date', { birthday: '1990/02/30' }, '生日格式錯誤（member_profile.birthday）'],
  ])('refuses %s with PARAMETER_INVALID and changes nothing', async (_, change, message) => {
    const before = await memberRow(t, member.id);
    const tables = await tableContents(t.db);
    const profile: Record<string, unknown> = { ...PROFILE, ...change };
    if ('name' in change && change.name === undefined) delete profile.name;
    const response = await update(profile);
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
    if (message) expect(response.json().rcrm.RM).toBe(message);
    expect(await memberRow(t, member.id)).toEqual(before);
    expect(await tableContents(t.db)).toEqual(tables);
  });

  it('saves a name without the spaces typed around it', async () => {
    expect((await update({ ...PROFILE, name: ' 王大明\u3000' })).json().rcrm.RC).toBe('C01');
    expect((await memberRow(t, member.id)).name).toBe('王大明');
  });

  it('takes an email with a 64-letter TLD and refuses a 65-letter one', async () => {
    expect((await update({ ...PROFILE, email: `a@b.${'c'.repeat(64)}` })).json().rcrm.RC).toBe('C01');
    expect((await update({ ...PROFILE, email: `a@b.${'c'.repeat(65)}` })).json().rcrm.RC).toBe('PARAMETER_INVALID');
  });

  it('refuses a profile that is not an object', async () => {
    for (const params of [{}, { member_profile: 'x' }, { member_profile: null }]) {
      const response = await memberApi(t, 'update_member_profile', token, params);
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
    }
  });

  it('answers TOKEN_INVALID without a live member token and changes nothing', async () => {
    for (const tk of [null, 'A'.repeat(43)]) {
      expect((await update(PROFILE, tk)).json().rcrm.RC).toBe('TOKEN_INVALID');
    }
    expect((await memberRow(t, member.id)).name).toBe(MEMBER.name);
  });

  it('lets only one of two different first birthdays sent together win: the one kept is the one told C01', async () => {
    const birthdays = ['1990/01/01', '1980/01/01'];
    const answers = await Promise.all(birthdays.map((birthday) => update({ ...PROFILE, birthday })));
    const rcs = answers.map((r) => r.json().rcrm.RC);
    expect([...rcs].sort()).toEqual(['BIRTHDAY_CANNOT_CHANGE', 'C01']);
    expect((await getProfile()).json().results.member_profile.birthday).toBe(birthdays[rcs.indexOf('C01')]);
  });
});
