import { eq } from 'drizzle-orm';
import { members } from '../../../server/db/schema';
import type { Member } from '../../../server/modules/members/service';
import { enc, postSigned, type TestApp } from './app';
import { MEMBER } from './members';

/** A signed call to the member API (`/api/member/...`), as the web app makes it. */
export const memberApi = (
  t: TestApp,
  path: string,
  token: string | null,
  request_parameter?: Record<string, unknown>,
  headers?: Record<string, string>,
) => postSigned(t, `/api/member/${path}`, { token, request_parameter }, { headers });

/** The member row as it is now. */
export async function memberRow(t: TestApp, id: string): Promise<Member> {
  const [row] = await t.db.select().from(members).where(eq(members.id, id));
  if (!row) throw new Error(`no member ${id}`);
  return row;
}

export const NEW_MOBILE = '0966555444';

/** update_member_mobile as the web app sends it: the new mobile and the password AES-encrypted. */
export const requestMobileChange = (
  t: TestApp,
  token: string | null,
  mobile: string = NEW_MOBILE,
  password: string = MEMBER.password,
) => memberApi(t, 'update_member_mobile', token, { mobile: enc(mobile), password: enc(password) });
