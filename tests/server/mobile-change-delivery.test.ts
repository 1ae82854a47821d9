import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import { memberAuditEvents, verificationCodes } from '../../server/db/schema';
import { type SmsMessage, SmsSendError, type SmsSender } from '../../server/sms';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { addMember, loginAs, MEMBER, memberToken } from './helpers/members';
import { memberApi, memberRow, NEW_MOBILE, requestMobileChange } from './helpers/profile';

/** An SMS provider that keeps what it sent and refuses the purposes it is told to. */
class RecordingSms implements SmsSender {
  sent: SmsMessage[] = [];
  refusing = new Set<string>();
  async send(message: SmsMessage) {
    if (this.refusing.has(message.purpose)) throw new SmsSendError('簡訊服務拒絕發送：HTTP 503');
    this.sent.push(message);
  }
  codeTo(mobile: string): string {
    const code = /\d{6}/.exec(this.sent.findLast((m) => m.to === mobile)?.text ?? '')?.[0];
    if (!code) throw new Error(`nothing sent to ${mobile}`);
    return code;
  }
}

let t: TestApp;
const sms = new RecordingSms();

// Behind one trusted proxy, as in production.
beforeAll(async () => {
  t = await startTestApp({ sms, env: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  sms.sent = [];
  sms.refusing.clear();
});

async function memberWithRequest() {
  const member = await addMember(t);
  const token = await memberToken(t);
  expect((await requestMobileChange(t, token)).json().rcrm.RC).toBe('C01');
  return { member, token };
}

const confirm = (token: string, headers?: Record<string, string>) =>
  memberApi(t, 'member_verify', token, { verify_code: sms.codeTo(NEW_MOBILE) }, headers);

describe('mobile change behind a proxy and with a failing SMS provider', () => {
  it('records the client address the trusted proxy forwarded', async () => {
    const { token } = await memberWithRequest();
    expect((await confirm(token, { 'x-forwarded-for': '203.0.113.9' })).json().rcrm.RC).toBe('C01');
    const [row] = await t.db.select().from(memberAuditEvents);
    expect(row?.clientAddress).toBe('203.0.113.9');
  });

  it('keeps the move when the notice to the old mobile cannot be sent', async () => {
    const { member, token } = await memberWithRequest();
    sms.refusing.add('mobile_changed_notice');
    const response = await confirm(token);
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });
    expect((await memberRow(t, member.id)).mobile).toBe(NEW_MOBILE);
    expect((await loginAs(t, NEW_MOBILE, MEMBER.password)).json().rcrm.RC).toBe('C01');
    expect(await t.db.select().from(memberAuditEvents)).toHaveLength(1);
  });

  it('answers SYSTEM_ERROR when the code cannot be sent, withdraws it, and lets the member try again', async () => {
    await addMember(t);
    const token = await memberToken(t);
    sms.refusing.add('mobile_change');
    const response = await requestMobileChange(t, token);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ rcrm: { RC: 'SYSTEM_ERROR', RM: RC_MESSAGES.SYSTEM_ERROR }, results: {} });
    expect(await t.db.select().from(verificationCodes)).toHaveLength(0);
    sms.refusing.clear();
    expect((await requestMobileChange(t, token)).json().rcrm.RC).toBe('C01');
    t.clock.advance(LIMITS.smsResendMs);
    sms.refusing.add('mobile_change');
    expect((await memberApi(t, 'resend_member_verify', token)).statusCode).toBe(500);
    sms.refusing.clear();
    expect((await memberApi(t, 'resend_member_verify', token)).json().rcrm.RC).toBe('C01');
  });

  it('keeps the code already sent when a resend cannot be delivered', async () => {
    const { member, token } = await memberWithRequest();
    const first = sms.codeTo(NEW_MOBILE);
    t.clock.advance(LIMITS.smsResendMs);
    sms.refusing.add('mobile_change');
    expect((await memberApi(t, 'resend_member_verify', token)).json().rcrm.RC).toBe('SYSTEM_ERROR');
    sms.refusing.clear();
    expect((await memberApi(t, 'member_verify', token, { verify_code: first })).json().rcrm.RC).toBe('C01');
    expect((await memberRow(t, member.id)).mobile).toBe(NEW_MOBILE);
  });

  it('takes no code once a new request could not be delivered', async () => {
    const { token } = await memberWithRequest();
    const first = sms.codeTo(NEW_MOBILE);
    t.clock.advance(LIMITS.smsResendMs);
    sms.refusing.add('mobile_change');
    expect((await requestMobileChange(t, token)).json().rcrm.RC).toBe('SYSTEM_ERROR');
    sms.refusing.clear();
    // The new request replaced the last, and its own code never went out.
    expect((await memberApi(t, 'member_verify', token, { verify_code: first })).json().rcrm.RC).toBe(
      'VERIFY_CODE_EXPIRED',
    );
  });

  it('answers SYSTEM_ERROR when the mobile-verification code cannot be sent, and a retry is not held back', async () => {
    await addMember(t, { isVerified: false });
    const token = await memberToken(t);
    const send = () =>
      postSigned(t, '/app-api/member/send_verification_code', {
        token,
        request_parameter: { verification_type: 'member_verification' },
      });
    sms.refusing.add('member_verification');
    expect((await send()).json().rcrm.RC).toBe('SYSTEM_ERROR');
    sms.refusing.clear();
    expect((await send()).json().rcrm.RC).toBe('C01');
    expect(sms.sent.map((m) => m.to)).toEqual([MEMBER.mobile]);
  });
});
