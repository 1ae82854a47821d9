import type { MemberProfile } from '#protocol/endpoints';
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

/** get_member_profile answering this profile (C01). */
export const answerProfile = (profile: Partial<MemberProfile> = {}) =>
  answer('getMemberProfile', () => reply('C01', { member_profile: { ...PROFILE, ...profile } }));

/** The date input's `YYYY-MM-DD` of the day `years` years before today, `days` later. */
export function dateYearsAgo(years: number, days = 0): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The messages linked to a field by aria-describedby. */
export const errorsOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
