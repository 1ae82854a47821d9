import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildEnvelope } from '#protocol';
import { serializeError } from '../../server/lib/logger';
import { enc, startTestApp, TEST_SIGN_KEY, type TestApp } from './helpers/app';
import { captureLogs } from './helpers/logs';
import { addMember, MEMBER } from './helpers/members';
import { registerPayload, VISITOR } from './helpers/registration';

const logs = captureLogs();
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ logger: logs.logger });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.db.execute(sql`alter table members drop constraint if exists sabotage`);
  await t.db.execute(sql`alter table member_tokens drop constraint if exists sabotage`);
  await t.db.execute(sql`alter table verification_codes drop constraint if exists sabotage`);
});

/** A call whose database work fails, as a full disk or a broken replica would make it fail. */
async function failingCall(url: string, request_parameter: Record<string, unknown>) {
  const body = buildEnvelope(TEST_SIGN_KEY, { request_parameter }, t.clock.now());
  const response = await t.app.inject({ method: 'POST', url: `${url}?x_token=secret-query`, payload: body });
  expect(response.statusCode).toBe(500);
  expect(response.json().rcrm.RC).toBe('SYSTEM_ERROR');
  expect(response.body).not.toMatch(/insert|select|members|argon2/i);
  return body.sign;
}

function expectNothingSecret(log: string, secrets: string[]) {
  for (const secret of secrets) expect(log).not.toContain(secret);
  expect(log).not.toMatch(/\$argon2/);
  // Token digests are 64 hex digits; codes are 6 digits; mobiles 10.
  expect(log).not.toMatch(/\b[0-9a-f]{64}\b/);
  expect(log).not.toMatch(/\b09\d{8}\b/);
}

describe('the log of a call that fails inside the server', () => {
  it('names the failure (type, SQLSTATE, stack) but holds no body, parameter or password hash (registration)', async () => {
    await t.db.execute(sql`alter table members add constraint sabotage check (name <> '故障測試')`);
    const before = logs.text().length;
    const sign = await failingCall('/app-api/member/register', { register: registerPayload({ name: '故障測試' }) });
    const log = logs.text().slice(before);
    const [line] = logs.lines('unexpected error').slice(-1);
    expect(line?.err).toMatchObject({ message: 'database query failed', cause: { code: '23514' } });
    expectNothingSecret(log, [
      sign,
      sign.split('.')[0] ?? '',
      VISITOR.password,
      enc(VISITOR.mobile),
      'secret-query',
      '故障測試',
    ]);
  });

  it('holds no token digest when issuing the token fails (login)', async () => {
    await addMember(t);
    await t.db.execute(sql`alter table member_tokens add constraint sabotage check (kind <> 'member')`);
    const before = logs.text().length;
    await failingCall('/app-api/member/login', { account: enc(MEMBER.mobile), password: enc(MEMBER.password) });
    expectNothingSecret(logs.text().slice(before), [MEMBER.password, MEMBER.mobile]);
  });

  it('holds no code hash when recording the code fails (forgot password)', async () => {
    await addMember(t);
    await t.db.execute(
      sql`alter table verification_codes add constraint sabotage check (purpose <> 'forgot_password')`,
    );
    const before = logs.text().length;
    await failingCall('/app-api/member/v1.2/forget_password', { mobile: enc(MEMBER.mobile) });
    expectNothingSecret(logs.text().slice(before), [MEMBER.mobile]);
  });
});

describe('serializeError', () => {
  it('masks hashes, tokens, codes and quoted values that an error message may carry', () => {
    const error = new Error(
      'invalid input syntax for type uuid: "0912345678" near $argon2id$v=19$m=19456,t=2,p=1$abc$def code 123456 token AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd',
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toMatch(/0912345678|argon2id|123456|AbCdEfGh/);
    expect(logged).toContain('invalid input syntax for type uuid');
  });

  it('keeps no property but type, code, message, stack and cause', () => {
    const error = Object.assign(new Error('boom'), { params: ['secret'], query: 'select 1', code: '42P01' });
    expect(Object.keys(serializeError(error)).sort()).toEqual(['code', 'message', 'stack', 'type']);
    expect(JSON.stringify(serializeError(error))).not.toContain('secret');
  });
});
