import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import { loginAttempts, members, memberTokens } from '../../server/db/schema';
import { sha256Hex } from '../../server/lib/secrets';
import { startTestApp, type TestApp } from './helpers/app';
import { addMember, countedAttempts, loginAs, MEMBER, memberToken } from './helpers/members';
import { roundTripsOf } from './helpers/round-trips';

const MINUTE = 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await addMember(t);
});

const dashed = (mobile: string) => `${mobile.slice(0, 4)}-${mobile.slice(4, 7)}-${mobile.slice(7)}`;
const rcOf = async (mobile: string, password: string) => (await loginAs(t, mobile, password)).json().rcrm.RC;

describe('POST /app-api/member/login', () => {
  it('answers C01 with a 256-bit member_access_token for the right mobile and password', async () => {
    const response = await loginAs(t, MEMBER.mobile, MEMBER.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 },
      results: { member_access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
  });

  it('takes the account typed with dashes or spaces as the same 10-digit mobile', async () => {
    for (const typed of [dashed(MEMBER.mobile), dashed(MEMBER.mobile).replaceAll('-', ' ')]) {
      expect(await rcOf(typed, MEMBER.password)).toBe('C01');
    }
    expect(await rcOf(dashed(MEMBER.mobile).slice(0, -1), MEMBER.password)).toBe('PARAMETER_INVALID');
  });

  it('stores the token only as its SHA-256, with an expiry 365 days away', async () => {
    const token = await memberToken(t);
    const rows = await t.db.select().from(memberTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tokenHash: sha256Hex(token), kind: 'member', purpose: null, revokedAt: null });
    expect(rows[0]?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 365 * 24 * 60 * MINUTE);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('keeps the password only as an argon2id hash with the OWASP parameters', async () => {
    const [row] = await t.db.select().from(members);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(row)).not.toContain(MEMBER.password);
  });

  it('answers MEMBER_IS_NOT_EXIST for a mobile no member has, recording nothing', async () => {
    const response = await loginAs(t, '0900000000', MEMBER.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().rcrm).toEqual({ RC: 'MEMBER_IS_NOT_EXIST', RM: RC_MESSAGES.MEMBER_IS_NOT_EXIST });
    expect(await t.db.select().from(loginAttempts)).toEqual([]);
  });

  it('answers PASSWORD_INCORRECT for a wrong password and records the failure without the password', async () => {
    expect(await rcOf(MEMBER.mobile, 'wrong999')).toBe('PASSWORD_INCORRECT');
    const counted = await t.db.select().from(loginAttempts);
    expect(counted).toEqual([
      {
        mobile: MEMBER.mobile,
        attempts: 1,
        lastAttemptAt: t.clock.now(),
        lockedUntil: null,
        recentChecks: [t.clock.now()],
      },
    ]);
    expect(await t.db.select().from(memberTokens)).toEqual([]);
  });

  it('lets a legacy member in with the 8-digit birthday password', async () => {
    await addMember(t, { mobile: '0922000111', password: '19801201', mustChangePassword: true });
    expect(await rcOf('0922000111', '19801201')).toBe('C01');
  });

  describe('lockout', () => {
    it('locks the account at the fifth wrong password within 15 minutes, even for the right password', async () => {
      for (let i = 0; i < LIMITS.lockoutFailures - 1; i++) {
        expect(await rcOf(MEMBER.mobile, 'wrong999')).toBe('PASSWORD_INCORRECT');
        t.clock.advance(MINUTE);
      }
      expect(await rcOf(MEMBER.mobile, 'wrong999')).toBe('ACCOUNT_LOCKED');
      expect(await rcOf(MEMBER.mobile, MEMBER.password)).toBe('ACCOUNT_LOCKED');
      t.clock.advance(14 * MINUTE);
      const locked = await loginAs(t, MEMBER.mobile, MEMBER.password);
      expect(locked.json().rcrm).toEqual({ RC: 'ACCOUNT_LOCKED', RM: RC_MESSAGES.ACCOUNT_LOCKED });
    });

    it('unlocks 15 minutes after the fifth failure and then forgets the failures', async () => {
      for (let i = 0; i < LIMITS.lockoutFailures; i++) await rcOf(MEMBER.mobile, 'wrong999');
      t.clock.advance(15 * MINUTE);
      expect(await rcOf(MEMBER.mobile, MEMBER.password)).toBe('C01');
      expect(await countedAttempts(t)).toBe(0);
    });

    it('does not lock for five failures spread over more than 15 minutes', async () => {
      for (let i = 0; i < LIMITS.lockoutFailures - 1; i++) await rcOf(MEMBER.mobile, 'wrong999');
      t.clock.advance(16 * MINUTE);
      expect(await rcOf(MEMBER.mobile, 'wrong999')).toBe('PASSWORD_INCORRECT');
      expect(await rcOf(MEMBER.mobile, MEMBER.password)).toBe('C01');
    });

    it('locks at five wrong passwords within any 15 minutes, not at five strung out further apart', async () => {
      // Minutes 0, 5, 10 and 14: four within 15 minutes.
      for (const gap of [0, 5, 5, 4]) {
        t.clock.advance(gap * MINUTE);
        expect(await rcOf(MEMBER.mobile, 'wrong999')).toBe('PASSWORD_INCORRECT');
      }
      // Minute 16: the one at minute 0 is more than 15 minutes back; four within the last 15.
      t.clock.advance(2 * MINUTE);
      expect(await rcOf(MEMBER.mobile, 'wrong999')).toBe('PASSWORD_INCORRECT');
      // Minute 17: minutes 5, 10, 14, 16 and 17 are five within 15 minutes.
      t.clock.advance(MINUTE);
      expect(await rcOf(MEMBER.mobile, 'wrong999')).toBe('ACCOUNT_LOCKED');
      expect(await rcOf(MEMBER.mobile, MEMBER.password)).toBe('ACCOUNT_LOCKED');
    });

    it('never locks a member who mistypes every 14 minutes: no 15 minutes hold five', async () => {
      for (let i = 0; i < 2 * LIMITS.lockoutFailures; i++) {
        expect(await rcOf(MEMBER.mobile, 'wrong999')).toBe('PASSWORD_INCORRECT');
        t.clock.advance(14 * MINUTE);
      }
      expect(await rcOf(MEMBER.mobile, MEMBER.password)).toBe('C01');
    });

    it('starts counting again after a successful login', async () => {
      for (let i = 0; i < LIMITS.lockoutFailures - 1; i++) await rcOf(MEMBER.mobile, 'wrong999');
      expect(await rcOf(MEMBER.mobile, MEMBER.password)).toBe('C01');
      expect(await rcOf(MEMBER.mobile, 'wrong999')).toBe('PASSWORD_INCORRECT');
    });

    it('locks one account, not its neighbours', async () => {
      await addMember(t, { mobile: '0933444555' });
      for (let i = 0; i < LIMITS.lockoutFailures; i++) await rcOf(MEMBER.mobile, 'wrong999');
      expect(await rcOf('0933444555', MEMBER.password)).toBe('C01');
    });
  });

  // The issue: no login round trip that the RC table does not need.
  describe('database round trips', () => {
    /** The call's RC and its round trips. */
    const counted = async (mobile: string, password: string) => {
      let rc = '';
      const roundTrips = await roundTripsOf(t, async () => {
        rc = await rcOf(mobile, password);
      });
      return { rc, roundTrips };
    };

    it('takes two for the right password: the member with its counted check, then the token', async () => {
      expect(await counted(MEMBER.mobile, MEMBER.password)).toEqual({ rc: 'C01', roundTrips: 2 });
    });

    it('takes one for a wrong password, a locked account and an unknown mobile', async () => {
      for (let i = 1; i < LIMITS.lockoutFailures; i++) {
        expect(await counted(MEMBER.mobile, 'wrong999')).toEqual({ rc: 'PASSWORD_INCORRECT', roundTrips: 1 });
      }
      expect(await counted(MEMBER.mobile, 'wrong999')).toEqual({ rc: 'ACCOUNT_LOCKED', roundTrips: 1 });
      expect(await counted(MEMBER.mobile, MEMBER.password)).toEqual({ rc: 'ACCOUNT_LOCKED', roundTrips: 1 });
      expect(await counted('0900000000', MEMBER.password)).toEqual({ rc: 'MEMBER_IS_NOT_EXIST', roundTrips: 1 });
    });
  });
});
