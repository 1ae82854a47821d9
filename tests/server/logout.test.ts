import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { addMember, memberToken } from './helpers/members';
import { forgotToken, rc as rcOf } from './helpers/password';
import { memberApi } from './helpers/profile';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await addMember(t);
});

const logout = (token: string | null) => postSigned(t, '/app-api/member/logout', { token });
const profileRc = (token: string) => rcOf(memberApi(t, 'get_member_profile', token));

describe('POST /app-api/member/logout', () => {
  it('signs the token out (C01), after which it answers TOKEN_INVALID everywhere', async () => {
    const token = await memberToken(t);
    const response = await logout(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });

    expect(await profileRc(token)).toBe('TOKEN_INVALID');
    expect(await rcOf(logout(token))).toBe('TOKEN_INVALID');
  });

  it('is refused at once by another server process on the same database (no process caches a token)', async () => {
    const other = await startTestApp({ shareDatabaseWith: t });
    try {
      const token = await memberToken(t);
      expect(await rcOf(memberApi(other, 'get_member_profile', token))).toBe('C01');
      expect(await rcOf(logout(token))).toBe('C01');
      expect(await rcOf(memberApi(other, 'get_member_profile', token))).toBe('TOKEN_INVALID');
    } finally {
      await other.close();
    }
  });

  it('leaves the member’s other sessions signed in', async () => {
    const phone = await memberToken(t);
    const tablet = await memberToken(t);
    expect(await rcOf(logout(phone))).toBe('C01');
    expect(await profileRc(tablet)).toBe('C01');
  });

  it('answers TOKEN_INVALID without a token, for an unknown or expired one, and for a temp token', async () => {
    const expired = await memberToken(t);
    t.clock.advance(LIMITS.memberTokenMs);
    const temp = await forgotToken(t, '0911222333');
    for (const token of [null, 'A'.repeat(43), 'not-a-token', expired, temp]) {
      expect(await rcOf(logout(token)), String(token)).toBe('TOKEN_INVALID');
    }
    expect(await rcOf(logout(await memberToken(t)))).toBe('C01');
  });

  it('signs a token out once when two sign-outs race', async () => {
    const token = await memberToken(t);
    const answers = await Promise.all([rcOf(logout(token)), rcOf(logout(token))]);
    expect(answers.sort()).toEqual(['C01', 'TOKEN_INVALID']);
  });
});
