import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app';
import { enc, postSigned } from './app';
import { MEMBER, memberToken } from './members';
import { latestCode } from './registration';

/** Each password call exactly as the web app makes it: mobile and passwords AES-encrypted. */
export const forgetPassword = (t: TestApp, mobile: string) =>
  postSigned(t, '/app-api/member/v1.2/forget_password', { request_parameter: { mobile: enc(mobile) } });

export const verifyForgot = (t: TestApp, token: string | null, code: string) =>
  postSigned(t, '/api/member/forget_password_verify', { token, request_parameter: { verify_code: code } });

export const resendForgot = (t: TestApp, token: string | null) =>
  postSigned(t, '/api/member/resend_forget_verify', { token });

export const resetPassword = (t: TestApp, token: string | null, newPassword: string) =>
  postSigned(t, '/app-api/member/reset_password', { token, request_parameter: { new_password: enc(newPassword) } });

export const changePassword = (t: TestApp, token: string | null, oldPassword: string, newPassword: string) =>
  postSigned(t, '/app-api/member/update_member_password', {
    token,
    request_parameter: { old_password: enc(oldPassword), new_password: enc(newPassword) },
  });

/** The redirect location as the web app asks it (header only); a dead token answers TOKEN_INVALID. */
export const redirectLocation = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/member/redirect_location', headers: { 'x-mmrm-token': enc(token) } });

export const rc = async (response: Promise<LightMyRequestResponse>): Promise<string> => (await response).json().rcrm.RC;

/** Starts a recovery and answers its temp token. */
export async function forgotToken(t: TestApp, mobile: string): Promise<string> {
  const response = await forgetPassword(t, mobile);
  const token = response.json().results?.temp_access_token;
  if (typeof token !== 'string') throw new Error(`forget_password failed: ${response.body}`);
  return token;
}

/** Starts a recovery and enters the texted code: the temp token may now reset the password. */
export async function verifiedForgotToken(t: TestApp, mobile: string): Promise<string> {
  const token = await forgotToken(t, mobile);
  const answer = await verifyForgot(t, token, await latestCode(t, mobile));
  if (answer.json().rcrm.RC !== 'C01') throw new Error(`forget_password_verify failed: ${answer.body}`);
  return token;
}

/** A step of a race test: prepared first, then made when the test says, answering its RC. */
type NewPasswordWay = [string, () => Promise<() => Promise<string>>];

/**
 * The two ways a new password ends every other session of the member, for `it.each`: changed
 * from another session, or reset through a verified recovery. Each is prepared before the test
 * holds its call, and made while the call is held.
 */
export const newPasswordWays = (app: () => TestApp): NewPasswordWay[] => [
  [
    'changed on another phone',
    async () => {
      const owner = await memberToken(app());
      return () => rc(changePassword(app(), owner, MEMBER.password, 'fresh2026'));
    },
  ],
  [
    'reset',
    async () => {
      const recovery = await verifiedForgotToken(app(), MEMBER.mobile);
      return () => rc(resetPassword(app(), recovery, 'fresh2026'));
    },
  ],
];
