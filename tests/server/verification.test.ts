import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { buildApp } from '../../server/app';
import { LIMITS } from '../../server/config';
import { verificationCodes } from '../../server/db/schema';
import {
  type CodeTarget,
  prepareCode,
  recordCode,
  sendCode,
  verifyCode,
} from '../../server/modules/verification/service';
import type { SmsMessage, SmsSender } from '../../server/sms';
import { SmsSendError } from '../../server/sms';
import { startTestApp, type TestApp } from './helpers/app';
import { testOutgoing } from './helpers/outgoing';
import { call, rcOf, registerVisitor, VISITOR } from './helpers/registration';

const MINUTE = 60_000;

/** An SMS provider that remembers what it sent and can be told to fail. */
class RecordingSms implements SmsSender {
  sent: SmsMessage[] = [];
  tried: SmsMessage[] = [];
  failing = false;
  /** Whether a failure is one after which the message may still have gone (a timeout, a 5xx). */
  mayHaveGone = false;
  async send(message: SmsMessage) {
    this.tried.push(message);
    if (this.failing) throw new SmsSendError('簡訊服務拒絕發送：HTTP 503', { mayHaveGone: this.mayHaveGone });
    this.sent.push(message);
  }
  lastTried(): string {
    const code = /\d{6}/.exec(this.tried.at(-1)?.text ?? '')?.[0];
    if (!code) throw new Error('nothing tried');
    return code;
  }
  lastCode(): string {
    const code = /\d{6}/.exec(this.sent.at(-1)?.text ?? '')?.[0];
    if (!code) throw new Error('nothing sent');
    return code;
  }
}

let t: TestApp;
let sms: RecordingSms;
const TARGET: CodeTarget = { mobile: '0933222111', purpose: 'forgot_password' };

beforeAll(async () => {
  sms = new RecordingSms();
  t = await startTestApp({ sms });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  sms.sent = [];
  sms.tried = [];
  sms.failing = false;
  sms.mayHaveGone = false;
});

const send = (target: CodeTarget = TARGET) => sendCode(t.db, testOutgoing(sms), target, t.clock.now());
const check = (code: string, target: CodeTarget = TARGET) => verifyCode(t.db, target, code, t.clock.now());

describe('the verification service', () => {
  it('texts a 6-digit code in zh-TW for each purpose and keeps only its argon2id hash', async () => {
    const texts: Record<string, string> = {};
    for (const purpose of ['register', 'forgot_password', 'member_verification', 'mobile_change'] as const) {
      expect(await send({ mobile: TARGET.mobile, purpose })).toBe('C01');
      texts[purpose] = sms.sent.at(-1)?.text.replace(/\d{6}/, '123456') ?? '';
      expect(sms.sent.at(-1)).toMatchObject({ to: TARGET.mobile, purpose });
    }
    expect(texts).toEqual({
      register: '【會員中心】您的註冊驗證碼為 123456，10 分鐘內有效。請勿將驗證碼告訴他人。',
      forgot_password: '【會員中心】您的忘記密碼驗證碼為 123456，10 分鐘內有效。請勿將驗證碼告訴他人。',
      member_verification: '【會員中心】您的手機驗證碼為 123456，10 分鐘內有效。請勿將驗證碼告訴他人。',
      mobile_change: '【會員中心】您的手機號碼變更驗證碼為 123456，10 分鐘內有效。請勿將驗證碼告訴他人。',
    });
    const rows = await t.db.select().from(verificationCodes);
    const codes = sms.sent.map((m) => /\d{6}/.exec(m.text)?.[0] ?? '');
    for (const row of rows) expect(row.codeHash).toMatch(/^\$argon2id\$/);
    for (const code of codes) expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('draws a different 6-digit code for almost every send', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const mobile = `09000000${String(i).padStart(2, '0')}`;
      await send({ mobile, purpose: 'register' });
      seen.add(sms.lastCode());
    }
    expect(seen.size).toBeGreaterThan(35);
    for (const code of seen) expect(code).toMatch(/^\d{6}$/);
  });

  it('takes a code once: a second use is refused', async () => {
    await send();
    const code = sms.lastCode();
    expect(await check(code)).toBe('C01');
    expect(await check(code)).toBe('VERIFY_CODE_EXPIRED');
  });

  it('keeps purposes and mobiles apart', async () => {
    await send();
    const code = sms.lastCode();
    expect(await check(code, { ...TARGET, purpose: 'register' })).toBe('VERIFY_CODE_EXPIRED');
    expect(await check(code, { ...TARGET, mobile: '0933222112' })).toBe('VERIFY_CODE_EXPIRED');
    expect(await check(code)).toBe('C01');
  });

  it('counts sends per mobile and purpose: a full quota for one leaves the others free', async () => {
    for (let i = 0; i < LIMITS.smsSendsPerWindow; i++) {
      expect(await send()).toBe('C01');
      t.clock.advance(LIMITS.smsResendMs);
    }
    expect(await send()).toBe('SMS_SEND_LIMIT');
    expect(await send({ ...TARGET, purpose: 'register' })).toBe('C01');
    expect(await send({ ...TARGET, mobile: '0933222112' })).toBe('C01');
  });

  it('lets only one of several concurrent sends to one mobile through', async () => {
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => send()));
    expect(outcomes.filter((rc) => rc === 'C01')).toHaveLength(1);
    expect(outcomes.filter((rc) => rc === 'SMS_RESEND_TOO_SOON')).toHaveLength(4);
    expect(await t.db.select().from(verificationCodes)).toHaveLength(1);
    expect(sms.sent).toHaveLength(1);
  });

  it('records one code of several concurrent transactions on one mobile and purpose', async () => {
    const prepared = await prepareCode();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.db.transaction((tx) => recordCode(tx, TARGET, prepared, t.clock.now(), testOutgoing(sms))),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await t.db.select().from(verificationCodes)).toHaveLength(1);
  });

  it('keeps at most 3 sends in 24 hours under concurrent resends spread over time', async () => {
    let allowed = 0;
    for (let round = 0; round < 5; round++) {
      const outcomes = await Promise.all(Array.from({ length: 3 }, () => send()));
      allowed += outcomes.filter((rc) => rc === 'C01').length;
      t.clock.advance(LIMITS.smsResendMs);
    }
    expect(allowed).toBe(LIMITS.smsSendsPerWindow);
  });

  it('withdraws a code the provider failed to send: it neither counts nor blocks a resend', async () => {
    sms.failing = true;
    await expect(send()).rejects.toThrow(SmsSendError);
    expect(await t.db.select().from(verificationCodes)).toEqual([]);
    sms.failing = false;
    expect(await send()).toBe('C01');
  });

  it('keeps a code whose send may have gone: it counts, and it is the one the member checks', async () => {
    sms.failing = true;
    sms.mayHaveGone = true;
    await expect(send()).rejects.toThrow(SmsSendError);
    sms.failing = false;
    expect(await send()).toBe('SMS_RESEND_TOO_SOON');
    expect(await check(sms.lastTried())).toBe('C01');
  });

  it('forgets sends older than 24 hours', async () => {
    await send();
    t.clock.advance(LIMITS.smsSendWindowMs + MINUTE);
    await send();
    const rows = await t.db.select().from(verificationCodes);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sentAt).toEqual(t.clock.now());
  });
});

describe('limits held in the database', () => {
  it('survive a restart and hold across two server processes over one database', async () => {
    const temp = await registerVisitor(t);
    // A second server over the same database: another process, or this one restarted.
    const other = await buildApp({
      config: t.config,
      database: t.testDatabase.database,
      now: t.clock.now,
      distDir: '/nonexistent-dist',
      sms,
    });
    try {
      const otherApp = { ...t, app: other };
      expect(await rcOf(call(otherApp, 'resend_register_verify', temp))).toBe('SMS_RESEND_TOO_SOON');
      t.clock.advance(LIMITS.smsResendMs);
      expect(await rcOf(call(otherApp, 'resend_register_verify', temp))).toBe('C01');
      expect(await rcOf(call(t, 'resend_register_verify', temp))).toBe('SMS_RESEND_TOO_SOON');
      expect(sms.sent.map((m) => m.to)).toEqual([VISITOR.mobile, VISITOR.mobile]);
    } finally {
      await other.close();
    }
  });
});

describe('when the SMS provider fails', () => {
  it('register still makes the member and answers its temp token; the member can resend at once', async () => {
    sms.failing = true;
    const temp = await registerVisitor(t);
    expect(await t.db.select().from(verificationCodes)).toEqual([]);
    const failed = await call(t, 'resend_register_verify', temp);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ rcrm: { RC: 'SYSTEM_ERROR', RM: RC_MESSAGES.SYSTEM_ERROR }, results: {} });
    expect(failed.body).not.toContain('503');
    sms.failing = false;
    expect(await rcOf(call(t, 'resend_register_verify', temp))).toBe('C01');
    expect(await rcOf(call(t, 'register_verify', temp, { verify_code: sms.lastCode() }))).toBe('C01');
  });
});
