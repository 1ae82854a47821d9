import { eq } from 'drizzle-orm';
import { loginAttempts } from '../../../server/db/schema';
import { createMember, type Member, type NewMember } from '../../../server/modules/members/service';
import type { TestApp } from './app';
import { enc, postSigned } from './app';

export const MEMBER = { mobile: '0911222333', password: 'abc12345', name: '王小明' } as const;

export const addMember = (t: TestApp, input: Partial<NewMember> = {}): Promise<Member> =>
  createMember(t.db, { ...MEMBER, isVerified: true, ...input }, t.clock.now());

/** The login call exactly as the web app makes it: account and password AES-encrypted. */
export const loginAs = (t: TestApp, mobile: string, password: string) =>
  postSigned(t, '/app-api/member/login', { request_parameter: { account: enc(mobile), password: enc(password) } });

/** Logs in and answers the member_access_token. */
export async function memberToken(t: TestApp, mobile: string = MEMBER.mobile, password: string = MEMBER.password) {
  const response = await loginAs(t, mobile, password);
  const token = response.json().results?.member_access_token;
  if (typeof token !== 'string') throw new Error(`login failed: ${response.body}`);
  return token;
}

/** How many password checks of the mobile the lockout currently counts. */
export async function countedAttempts(t: TestApp, mobile: string = MEMBER.mobile): Promise<number> {
  const [row] = await t.db.select().from(loginAttempts).where(eq(loginAttempts.mobile, mobile));
  return row?.attempts ?? 0;
}
