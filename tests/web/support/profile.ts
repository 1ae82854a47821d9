import type { MemberProfile } from '#protocol/endpoints';
import { latestBirthday } from '#protocol/schemas';
import { startSession } from '../../../src/lib/session';
import { answer, reply } from './api';

export const MEMBER_TOKEN = 'member-token-profile';

export const PROFILE: MemberProfile = {
  name: '王小明',
  mobile: '0912345678',
  gender: 'M',
  email: 'ming@example.com',
  birthday: null,
  is_verified: false,
  referral_code: 'ABCD2345',
};

/** A member signed in with an unexpired session, as the guard expects. */
export const signIn = () => startSession(MEMBER_TOKEN, 'Member');

/**
 * A new mobile waiting for its code, asked for by the member signed in (`signIn`), whose profile
 * this tab keeps: as /change_member_mobile leaves it.
 */
export function keepNewMobile(mobile: string): void {
  sessionStorage.setItem('member_access_info', JSON.stringify(PROFILE));
  sessionStorage.setItem('member_change_mobile', mobile);
  sessionStorage.setItem('member_change_mobile_from', PROFILE.mobile);
}

/** get_member_profile answering this profile (C01). */
export const answerProfile = (profile: Partial<MemberProfile> = {}) =>
  answer('getMemberProfile', () => reply('C01', { member_profile: { ...PROFILE, ...profile } }));

/** The date input's `YYYY-MM-DD` of the latest birthday the rule allows now (12 years back in Taipei), `days` later. */
export function latestBirthdayInput(days = 0): string {
  const [year, month, day] = latestBirthday().split('/').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
