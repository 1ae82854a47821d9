import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../server/config';
import * as passwords from '../../server/lib/passwords';
import { enc, postSigned, type TestApp } from './helpers/app';
import { addMember, loginAs, MEMBER, memberToken } from './helpers/members';
import { twoInstancesOverOneDatabase } from './helpers/two-instances';

// Every argon2 verification the server runs goes through here, so the test can count them.
vi.mock('../../server/lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/lib/passwords')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const servers = twoInstancesOverOneDatabase();
beforeEach(async () => {
  await servers.first.reset();
  await addMember(servers.first);
  vi.mocked(passwords.verifyPassword).mockClear();
});

const rcOf = async (response: Promise<{ json(): { rcrm: { RC: string } } }>) => (await response).json().rcrm.RC;
const tally = (rcs: string[]) => {
  const counts: Record<string, number> = {};
  for (const rc of rcs) counts[rc] = (counts[rc] ?? 0) + 1;
  return counts;
};

describe('the lockout counts each password check before it runs', () => {
  it('evaluates at most 5 of 100 concurrent wrong passwords sent to two server instances, and then refuses the right one', async () => {
    const burst = Array.from({ length: 100 }, (_, i) =>
      rcOf(loginAs(i % 2 ? servers.second : servers.first, MEMBER.mobile, `wrong${i}x`)),
    );
    const answers = tally(await Promise.all(burst));
    expect(answers.PASSWORD_INCORRECT ?? 0).toBeLessThanOrEqual(LIMITS.lockoutFailures - 1);
    expect((answers.PASSWORD_INCORRECT ?? 0) + (answers.ACCOUNT_LOCKED ?? 0)).toBe(100);
    expect(vi.mocked(passwords.verifyPassword)).toHaveBeenCalledTimes(LIMITS.lockoutFailures);
    expect(await rcOf(loginAs(servers.second, MEMBER.mobile, MEMBER.password))).toBe('ACCOUNT_LOCKED');
    expect(await rcOf(loginAs(servers.first, MEMBER.mobile, MEMBER.password))).toBe('ACCOUNT_LOCKED');
    expect(vi.mocked(passwords.verifyPassword)).toHaveBeenCalledTimes(LIMITS.lockoutFailures);
  });

  it('refuses the right password sent right after 19 concurrent wrong ones', async () => {
    const wrong = Array.from({ length: 19 }, (_, i) =>
      rcOf(loginAs(i % 2 ? servers.second : servers.first, MEMBER.mobile, `wrong${i}x`)),
    );
    await Promise.all(wrong);
    expect(await rcOf(loginAs(servers.first, MEMBER.mobile, MEMBER.password))).toBe('ACCOUNT_LOCKED');
  });

  it('lets the member in again once the lock has ended', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        loginAs(i % 2 ? servers.second : servers.first, MEMBER.mobile, `wrong${i}x`),
      ),
    );
    // The wrong ones locked the account: the right password waits out the lock, to its last moment.
    expect(await rcOf(loginAs(servers.first, MEMBER.mobile, MEMBER.password))).toBe('ACCOUNT_LOCKED');
    servers.first.clock.advance(LIMITS.lockoutMs - 1);
    expect(await rcOf(loginAs(servers.second, MEMBER.mobile, MEMBER.password))).toBe('ACCOUNT_LOCKED');
    servers.first.clock.advance(1);
    expect(await rcOf(loginAs(servers.second, MEMBER.mobile, MEMBER.password))).toBe('C01');
  });

  it('shares one count between login and the old password of a password change', async () => {
    const token = await memberToken(servers.first);
    const change = (t: TestApp, i: number) =>
      postSigned(t, '/app-api/member/update_member_password', {
        token,
        request_parameter: { old_password: enc(`wrong${i}x`), new_password: enc('new12345') },
      });
    const mixed = Array.from({ length: 40 }, (_, i) =>
      rcOf(i % 2 ? change(servers.second, i) : loginAs(servers.first, MEMBER.mobile, `wrong${i}x`)),
    );
    const answers = tally(await Promise.all(mixed));
    expect(answers.PASSWORD_INCORRECT ?? 0).toBeLessThanOrEqual(LIMITS.lockoutFailures - 1);
    // The login above was one evaluation; then at most five more.
    expect(vi.mocked(passwords.verifyPassword)).toHaveBeenCalledTimes(1 + LIMITS.lockoutFailures);
  });

  it('lets one right password through among concurrent logins of the member, and counts nothing for it', async () => {
    const logins = await Promise.all(
      Array.from({ length: 3 }, () => rcOf(loginAs(servers.first, MEMBER.mobile, MEMBER.password))),
    );
    expect(logins).toEqual(['C01', 'C01', 'C01']);
    for (let i = 0; i < LIMITS.lockoutFailures - 1; i++) {
      expect(await rcOf(loginAs(servers.second, MEMBER.mobile, 'wrong999'))).toBe('PASSWORD_INCORRECT');
    }
  });
});
