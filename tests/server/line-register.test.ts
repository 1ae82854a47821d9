import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptValue } from '#protocol';
import { identityBindings, memberAuditEvents, members } from '../../server/db/schema';
import { postSigned, startTestApp, TEST_AES_KEY, type TestApp } from './helpers/app';
import { tableContents } from './helpers/database';
import { bindData, type FakeLine, lineUserId, startFakeLine } from './helpers/fake-line';
import { addMember, memberToken } from './helpers/members';
import { call, latestCode, outbox, registerCall, registerPayload, VISITOR } from './helpers/registration';

let line: FakeLine;
let t: TestApp;

beforeAll(async () => {
  line = await startFakeLine();
  t = await startTestApp({ env: { LINE_API_BASE: line.url } });
  line.token('line-a', { kind: 'valid', userId: lineUserId(0xa) });
  line.token('other-channel', { kind: 'valid', userId: lineUserId(0xc), clientId: '9999999999' });
});
afterAll(async () => {
  await t.close();
  await line.close();
});
beforeEach(() => t.reset());

const withLine = (lineToken: string) => ({ bind_third_party: bindData(lineToken) });
const lineLogin = (lineToken: string) =>
  postSigned(t, '/app-api/member/login_with_provider', { request_parameter: bindData(lineToken) });

async function newMember() {
  const [member] = await t.db.select().from(members).where(eq(members.mobile, VISITOR.mobile));
  return member;
}

describe('registration that carries LINE bind data', () => {
  it('binds the new member to the LINE user, so LINE login signs the new member in', async () => {
    const response = await registerCall(t, {}, withLine('line-a'));
    expect(response.json().rcrm.RC).toBe('C01');
    const member = await newMember();
    expect(await t.db.select().from(identityBindings)).toEqual([
      expect.objectContaining({ memberId: member?.id, provider: 'line', providerUserId: lineUserId(0xa) }),
    ]);
    const [event] = await t.db.select().from(memberAuditEvents);
    expect(event).toMatchObject({ memberId: member?.id, eventType: 'line_bind', detail: { via: 'register' } });

    const code = await latestCode(t, VISITOR.mobile);
    const verified = await call(t, 'register_verify', response.json().results.temp_access_token, { verify_code: code });
    expect(verified.json().rcrm.RC).toBe('C01');
    expect((await lineLogin('line-a')).json().rcrm.RC).toBe('C01');
  });

  it('does not register at all when the LINE user is already bound to another member', async () => {
    await addMember(t);
    await postSigned(t, '/api/member/bind_third_party', {
      token: await memberToken(t),
      request_parameter: bindData('line-a'),
    });
    const before = await tableContents(t.db);
    const response = await registerCall(t, {}, withLine('line-a'));
    expect(response.json().rcrm.RC).toBe('LINE_ALREADY_BOUND');
    expect(await tableContents(t.db)).toEqual(before);
    expect(await newMember()).toBeUndefined();
    expect(await outbox(t, VISITOR.mobile)).toEqual([]);
  });

  it('does not register when LINE refuses the token, and the mobile stays free', async () => {
    const before = await tableContents(t.db);
    expect((await registerCall(t, {}, withLine('other-channel'))).json().rcrm.RC).toBe('LINE_TOKEN_INVALID');
    expect(await tableContents(t.db)).toEqual(before);
    expect((await registerCall(t)).json().rcrm.RC).toBe('C01');
  });

  it('binds on register_with_third_party_crm_data too', async () => {
    const crmData = encryptValue(TEST_AES_KEY, JSON.stringify({ mobile: VISITOR.mobile, crm_member_id: 'CRM-1' }));
    const response = await postSigned(t, '/app-api/member/register_with_third_party_crm_data', {
      request_parameter: { register: registerPayload(), third_party_crm_data: crmData, ...withLine('line-a') },
    });
    expect(response.json().rcrm.RC).toBe('C01');
    const member = await newMember();
    const [binding] = await t.db.select().from(identityBindings);
    expect(binding?.memberId).toBe(member?.id);
  });

  it('registers without a binding when there is no bind data, and asks LINE nothing', async () => {
    line.requests.length = 0;
    expect((await registerCall(t, {}, { bind_third_party: null })).json().rcrm.RC).toBe('C01');
    expect(await t.db.select().from(identityBindings)).toEqual([]);
    expect(line.requests).toEqual([]);
  });
});
