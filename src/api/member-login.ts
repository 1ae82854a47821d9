import type { CheckedParams } from '#protocol/endpoints';
import type { ApiResponse } from '#protocol/rc';
import { callApi, encrypt } from './client';

/** The account and password as the member typed them; the wire carries both encrypted. */
export type Credentials = CheckedParams<'login'>;

/** Mobile-and-password login, on the login screen and the LINE bind screen alike. */
export async function login({ account, password }: Credentials) {
  return callApi('login', { params: { account: await encrypt(account), password: await encrypt(password) } });
}

/** The member token of a C01 sign-in; production trusts the server's results, so their absence is checked here. */
export function memberTokenOf(answer: ApiResponse<{ member_access_token: string }>, call: string): string {
  const token = answer.results?.member_access_token;
  if (!token) throw new Error(`${call} answered C01 without a member token`);
  return token;
}
