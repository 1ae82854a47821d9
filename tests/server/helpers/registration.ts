import { SECURITY_QUESTION } from '#protocol';
import type { TestApp } from './app';
import { enc, postSigned } from './app';

export const VISITOR = { mobile: '0955666777', password: 'newpass123', name: '林美華' } as const;

/** The register payload the web app sends after step 2, with plain values to override. */
export function registerPayload(overrides: Record<string, unknown> = {}) {
  const plain = { ...VISITOR, ...overrides } as Record<string, unknown> & typeof VISITOR;
  return {
    mobile: enc(String(plain.mobile)),
    password: enc(String(plain.password)),
    name: plain.name,
    gender: 'gender' in plain ? plain.gender : 'F',
    birthday: 'birthday' in plain ? plain.birthday : '1990/05/20',
    email: 'email' in plain ? plain.email : 'meihua@example.com',
    security_question: 'security_question' in plain ? plain.security_question : SECURITY_QUESTION,
    security_answer: 'security_answer' in plain ? plain.security_answer : plain.name,
    referrer_code: 'referrer_code' in plain ? plain.referrer_code : '',
  };
}

export const registerCall = (
  t: TestApp,
  overrides: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) =>
  postSigned(t, '/app-api/member/register', { request_parameter: { register: registerPayload(overrides), ...extra } });

/** Registers a visitor and answers the temp_access_token. */
export async function registerVisitor(t: TestApp, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await registerCall(t, overrides);
  const token = response.json().results?.temp_access_token;
  if (typeof token !== 'string') throw new Error(`register failed: ${response.body}`);
  return token;
}

export interface OutboxMessage {
  to: string;
  text: string;
  purpose: string;
  sent_at: string;
}

/** The outbox as JSON, newest first, as a test or a developer reads it. */
export async function outbox(t: TestApp, to?: string): Promise<OutboxMessage[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: to ? `/dev/sms-outbox?to=${to}` : '/dev/sms-outbox',
    headers: { accept: 'application/json' },
  });
  if (response.statusCode !== 200) throw new Error(`outbox answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** The code in the newest message to a mobile. */
export async function latestCode(t: TestApp, mobile: string): Promise<string> {
  const [message] = await outbox(t, mobile);
  const code = message && /\d{6}/.exec(message.text)?.[0];
  if (!code) throw new Error(`no code sent to ${mobile}`);
  return code;
}

/** Any 6-digit code other than `code`. */
export const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export const call = (t: TestApp, path: string, token: string | null, request_parameter?: Record<string, unknown>) =>
  postSigned(t, `/app-api/member/${path}`, { token, request_parameter });

export const rcOf = async (response: Promise<{ json(): { rcrm: { RC: string } } }>) => (await response).json().rcrm.RC;
