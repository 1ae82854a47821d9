// Calls the member server as the web app would, to set up members that a spec needs before its
// journey starts. The e2e server runs with the demo keys (no CRM_SIGN_KEY / CRM_AES_KEY).
import { buildEnvelope, encryptValue, SECURITY_QUESTION } from '#protocol';
import { DEMO_AES_KEY, DEMO_SIGN_KEY } from '../../server/env';

async function call(baseUrl: string, path: string, token: string | null, params?: Record<string, unknown>) {
  const response = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(buildEnvelope(DEMO_SIGN_KEY, { token, request_parameter: params })),
  });
  return (await response.json()) as { rcrm: { RC: string; RM: string }; results?: Record<string, unknown> };
}

async function post(baseUrl: string, path: string, token: string | null, params?: Record<string, unknown>) {
  const body = await call(baseUrl, path, token, params);
  if (body.rcrm.RC !== 'C01') throw new Error(`${path} answered ${body.rcrm.RC} ${body.rcrm.RM}`);
  return body.results ?? {};
}

/**
 * Registers a member who skipped step 2 and the SMS code: no gender, email or birthday, and not
 * verified. Answers nothing; the member logs in through the app.
 */
export async function registerUnverifiedMember(
  baseUrl: string,
  member: { mobile: string; password: string; name: string },
): Promise<void> {
  const enc = (text: string) => encryptValue(DEMO_AES_KEY, text);
  const register = {
    mobile: enc(member.mobile),
    password: enc(member.password),
    name: member.name,
    gender: null,
    birthday: null,
    email: null,
    security_question: SECURITY_QUESTION,
    security_answer: member.name,
    referrer_code: '',
  };
  const { temp_access_token } = await post(baseUrl, '/app-api/member/register', null, { register });
  if (typeof temp_access_token !== 'string') throw new Error('register answered no temp_access_token');
  await post(baseUrl, '/app-api/member/register_skip_verify', temp_access_token);
}

/** What get_member_profile answers a member token now: C01 while it lives, TOKEN_INVALID once signed out. */
export async function profileAnswerFor(baseUrl: string, token: string): Promise<string> {
  return (await call(baseUrl, '/api/member/get_member_profile', token)).rcrm.RC;
}
