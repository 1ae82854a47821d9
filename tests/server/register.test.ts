import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptValue, VALIDATION_MESSAGES as M, RC_MESSAGES, taipeiDate, taipeiTimestamp } from '#protocol';
import { LIMITS } from '../../server/config';
import { members, memberTokens, referrals, smsOutbox, verificationCodes } from '../../server/db/schema';
import { sha256Hex } from '../../server/lib/secrets';
import { enc, postSigned, startTestApp, TEST_AES_KEY, type TestApp } from './helpers/app';
import { tableContents } from './helpers/database';
import { addMember, MEMBER } from './helpers/members';
import { latestCode, outbox, registerCall, registerPayload, registerVisitor, VISITOR } from './helpers/registration';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const check = (request_parameter: Record<string, unknown>) =>
  postSigned(t, '/app-api/member/register_check', { request_parameter });
const checkParams = (mobile: string, password: string, extra: Record<string, unknown> = {}) => ({
  mobile: enc(mobile),
  password: enc(password),
  ...extra,
});

describe('POST /app-api/member/register_check', () => {
  it('answers C01 for a free mobile and a password with letters and digits (step 1)', async () => {
    const response = await check(checkParams(VISITOR.mobile, VISITOR.password));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });
  });

  it('answers MEMBER_MOBILE_IS_REPEAT for a registered mobile', async () => {
    await addMember(t);
    const response = await check(checkParams(MEMBER.mobile, VISITOR.password));
    expect(response.json().rcrm).toEqual({ RC: 'MEMBER_MOBILE_IS_REPEAT', RM: RC_MESSAGES.MEMBER_MOBILE_IS_REPEAT });
  });

  it('accepts a member invite code with its whitespace removed and in any case (step 2)', async () => {
    const referrer = await addMember(t);
    const spaced = ` ${referrer.referralCode.slice(0, 4).toLowerCase()} \t${referrer.referralCode.slice(4)} `;
    const response = await check(checkParams(VISITOR.mobile, VISITOR.password, { referrer_code: spaced }));
    expect(response.json().rcrm.RC).toBe('C01');
  });

  it('answers REFERRER_CODE_INVALID for an invite code no member has', async () => {
    await addMember(t);
    const response = await check(checkParams(VISITOR.mobile, VISITOR.password, { referrer_code: 'ZZZZ9999' }));
    expect(response.json().rcrm).toEqual({ RC: 'REFERRER_CODE_INVALID', RM: RC_MESSAGES.REFERRER_CODE_INVALID });
  });

  it('treats an empty invite code as none', async () => {
    expect((await check(checkParams(VISITOR.mobile, VISITOR.password, { referrer_code: ' ' }))).json().rcrm.RC).toBe(
      'C01',
    );
  });

  it.each([
    ['a password without a letter', VISITOR.mobile, '12345678', `${M.passwordFormat}（password）`],
    ['a password without a digit', VISITOR.mobile, 'abcdefgh', `${M.passwordFormat}（password）`],
    ['a short password', VISITOR.mobile, 'ab12', `${M.passwordFormat}（password）`],
    ['a 9-digit mobile', '091234567', VISITOR.password, `${M.mobileFormat}（mobile）`],
  ])('refuses %s with PARAMETER_INVALID naming the field', async (_, mobile, password, message) => {
    const response = await check(checkParams(mobile, password));
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm).toEqual({ RC: 'PARAMETER_INVALID', RM: message });
  });

  it('refuses a mobile sent in clear: it must be AES-encrypted', async () => {
    const response = await check({ mobile: VISITOR.mobile, password: enc(VISITOR.password) });
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
  });
});

describe('POST /app-api/member/register', () => {
  it('creates the member unverified, answers a 30-minute register temp token and texts the code', async () => {
    const response = await registerCall(t);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 },
      results: { temp_access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    const [member] = await t.db.select().from(members);
    expect(member).toMatchObject({
      mobile: VISITOR.mobile,
      name: VISITOR.name,
      gender: 'F',
      birthday: '1990-05-20',
      email: 'meihua@example.com',
      isVerified: false,
      mustChangePassword: false,
      referralCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
      thirdPartyCrmData: null,
    });
    const [token] = await t.db.select().from(memberTokens);
    expect(token).toMatchObject({
      tokenHash: sha256Hex(response.json().results.temp_access_token),
      memberId: member?.id,
      kind: 'temp',
      purpose: 'register',
      expiresAt: new Date(t.clock.now().getTime() + LIMITS.tempTokenMs),
    });
    const [message] = await outbox(t);
    expect(message).toEqual({
      to: VISITOR.mobile,
      text: expect.stringMatching(/^【會員中心】您的註冊驗證碼為 \d{6}，10 分鐘內有效。請勿將驗證碼告訴他人。$/),
      purpose: 'register',
      sent_at: taipeiTimestamp(t.clock.now()),
    });
  });

  it('stores no password, code or temp token in clear', async () => {
    const token = await registerVisitor(t);
    const code = await latestCode(t, VISITOR.mobile);
    const stored = JSON.stringify({
      members: await t.db.select().from(members),
      tokens: await t.db.select().from(memberTokens),
      codes: await t.db.select().from(verificationCodes),
    });
    for (const secret of [VISITOR.password, code, token]) expect(stored).not.toContain(secret);
    const [row] = await t.db.select().from(verificationCodes);
    expect(row?.codeHash).toMatch(/^\$argon2id\$/);
    expect((await t.db.select().from(members))[0]?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('registers a member who skipped step 2: no gender, birthday, email or invite code', async () => {
    const response = await registerCall(t, { gender: null, birthday: null, email: null, referrer_code: null });
    expect(response.json().rcrm.RC).toBe('C01');
    await registerCall(t, { mobile: '0955000111', gender: '', birthday: '', email: '', referrer_code: '' });
    const rows = await t.db.select().from(members);
    for (const row of rows) expect(row).toMatchObject({ gender: null, birthday: null, email: null });
    expect(await t.db.select().from(referrals)).toEqual([]);
  });

  it('records who invited whom for a valid invite code', async () => {
    const referrer = await addMember(t);
    await registerCall(t, { referrer_code: ` ${referrer.referralCode} ` });
    const [referee] = await t.db.select().from(members).where(eq(members.mobile, VISITOR.mobile));
    expect(await t.db.select().from(referrals)).toEqual([
      { referrerId: referrer.id, refereeId: referee?.id, createdAt: t.clock.now() },
    ]);
  });

  it('answers REFERRER_CODE_INVALID for an unknown invite code and makes nothing', async () => {
    await addMember(t);
    const before = await tableContents(t.db);
    const response = await registerCall(t, { referrer_code: 'ZZZZ9999' });
    expect(response.json().rcrm.RC).toBe('REFERRER_CODE_INVALID');
    expect(await tableContents(t.db)).toEqual(before);
  });

  it('answers MEMBER_MOBILE_IS_REPEAT for a registered mobile and changes nothing', async () => {
    await addMember(t, { mobile: VISITOR.mobile });
    const before = await tableContents(t.db);
    const response = await registerCall(t);
    expect(response.json().rcrm).toEqual({ RC: 'MEMBER_MOBILE_IS_REPEAT', RM: RC_MESSAGES.MEMBER_MOBILE_IS_REPEAT });
    expect(await tableContents(t.db)).toEqual(before);
  });

  // Registering with LINE bind data that LINE vouches for binds the member: tests/server/line-register.test.ts.
  it('refuses LINE bind data of another shape than the spec’s', async () => {
    const broken = await registerCall(t, { mobile: '0955000111' }, { bind_third_party: { source: 'Facebook' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().rcrm.RC).toBe('PARAMETER_INVALID');
  });

  it.each([
    ['a security question other than sq06', { security_question: 'sq01' }, 'security_question'],
    ['a birthday less than 12 years back', { birthday: taipeiDate(new Date()) }, 'birthday'],
    ['a birthday that is not a date', { birthday: '1990/02/30' }, 'birthday'],
    ['a gender outside M/F/S', { gender: 'X' }, 'gender'],
    ['an email without a domain suffix', { email: 'meihua@example' }, 'email'],
    ['a name with special characters', { name: '林<美華>', security_answer: '林美華' }, 'name'],
    ['a password without a letter', { password: '12345678' }, 'password'],
  ])('refuses %s with PARAMETER_INVALID and makes nothing', async (_, overrides, field) => {
    const before = await tableContents(t.db);
    const response = await registerCall(t, overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
    expect(response.json().rcrm.RM).toContain(`（register.${field}）`);
    expect(await tableContents(t.db)).toEqual(before);
  });

  it('names the rule that failed, in the words of the form', async () => {
    const young = await registerCall(t, { birthday: taipeiDate(new Date()) });
    expect(young.json().rcrm.RM).toBe(`${M.birthdayTooRecent}（register.birthday）`);
    const email = await registerCall(t, { email: 'meihua@example' });
    expect(email.json().rcrm.RM).toBe(`${M.emailFormat}（register.email）`);
  });

  describe('atomicity', () => {
    it('of two concurrent registrations of one mobile, exactly one makes a member', async () => {
      const answers = await Promise.all([registerCall(t), registerCall(t, { name: '林美玲', password: 'other456' })]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(answers.map((r) => r.json().rcrm.RC).sort()).toEqual(['C01', 'MEMBER_MOBILE_IS_REPEAT']);
      expect(await t.db.select().from(members)).toHaveLength(1);
      expect(await t.db.select().from(memberTokens)).toHaveLength(1);
      expect(await t.db.select().from(verificationCodes)).toHaveLength(1);
      expect(await t.db.select().from(smsOutbox)).toHaveLength(1);
    });

    it('concurrent registrations of different mobiles all succeed', async () => {
      const mobiles = ['0955000001', '0955000002', '0955000003'];
      const answers = await Promise.all(mobiles.map((mobile) => registerCall(t, { mobile })));
      expect(answers.map((r) => r.json().rcrm.RC)).toEqual(['C01', 'C01', 'C01']);
      expect(await t.db.select().from(members)).toHaveLength(3);
    });

    it('a refusal after the member row was written rolls back member, invite record and token', async () => {
      const referrer = await addMember(t);
      // The mobile already had its three register codes today (it was registered, then moved away).
      const sentAt = new Date(t.clock.now().getTime() - 60 * 60_000);
      for (let i = 0; i < LIMITS.smsSendsPerWindow; i++) {
        await t.db.insert(verificationCodes).values({
          mobile: VISITOR.mobile,
          purpose: 'register',
          codeHash: '$argon2id$placeholder-of-a-spent-code',
          sentAt: new Date(sentAt.getTime() + i * 60_000),
          expiresAt: new Date(sentAt.getTime() + i * 60_000 + LIMITS.verifyCodeMs),
        });
      }
      const before = await tableContents(t.db);
      const response = await registerCall(t, { referrer_code: referrer.referralCode });
      expect(response.json().rcrm).toEqual({ RC: 'SMS_SEND_LIMIT', RM: RC_MESSAGES.SMS_SEND_LIMIT });
      expect(await tableContents(t.db)).toEqual(before);
    });
  });
});

describe('POST /app-api/member/register_with_third_party_crm_data', () => {
  const crmCall = (third_party_crm_data: string, overrides: Record<string, unknown> = {}) =>
    postSigned(t, '/app-api/member/register_with_third_party_crm_data', {
      request_parameter: { register: registerPayload(overrides), third_party_crm_data },
    });
  const crmData = { mobile: VISITOR.mobile, name: VISITOR.name, birthday: '1990/05/20', crm_member_id: 'CRM-000123' };

  it('registers like register and keeps the decrypted CRM data on the member', async () => {
    const response = await crmCall(encryptValue(TEST_AES_KEY, JSON.stringify(crmData)));
    expect(response.json()).toEqual({
      rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 },
      results: { temp_access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    const [member] = await t.db.select().from(members);
    expect(member).toMatchObject({ mobile: VISITOR.mobile, isVerified: false, thirdPartyCrmData: crmData });
    expect((await outbox(t, VISITOR.mobile)).map((m) => m.purpose)).toEqual(['register']);
  });

  it('gives the same answers as register when the mobile is taken', async () => {
    await addMember(t, { mobile: VISITOR.mobile });
    const response = await crmCall(encryptValue(TEST_AES_KEY, JSON.stringify(crmData)));
    expect(response.json().rcrm.RC).toBe('MEMBER_MOBILE_IS_REPEAT');
  });

  it.each([
    ['not encrypted with our key', encryptValue('another-key', JSON.stringify(crmData)), RC_MESSAGES.PARAMETER_INVALID],
    ['not Base64 at all', 'not*base64', RC_MESSAGES.PARAMETER_INVALID],
    ['not JSON', encryptValue(TEST_AES_KEY, 'name=林美華'), M.thirdPartyCrmDataInvalid],
    ['a JSON list', encryptValue(TEST_AES_KEY, '[1,2]'), M.thirdPartyCrmDataInvalid],
  ])('refuses CRM data that is %s with PARAMETER_INVALID and makes nothing', async (_, data, message) => {
    const before = await tableContents(t.db);
    const response = await crmCall(data);
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm).toEqual({ RC: 'PARAMETER_INVALID', RM: `${message}（third_party_crm_data）` });
    expect(await tableContents(t.db)).toEqual(before);
  });
});
