import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { ecMembers } from '../../server/db/schema';
import { enc, postSigned, startTestApp, type TestApp } from './helpers/app';
import { addMember, MEMBER, memberToken } from './helpers/members';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await addMember(t);
});

describe('POST /app-api/member/check_mobile', () => {
  const checkMobile = (mobile: string) =>
    postSigned(t, '/app-api/member/check_mobile', { request_parameter: { mobile } });

  it('answers C01 for a mobile no member has', async () => {
    const response = await checkMobile(enc('0900111222'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 }, results: {} });
  });

  it('answers MEMBER_MOBILE_IS_REPEAT for a registered mobile', async () => {
    const response = await checkMobile(enc(MEMBER.mobile));
    expect(response.statusCode).toBe(200);
    expect(response.json().rcrm).toEqual({ RC: 'MEMBER_MOBILE_IS_REPEAT', RM: RC_MESSAGES.MEMBER_MOBILE_IS_REPEAT });
  });

  it('answers PARAMETER_INVALID naming the mobile when it is malformed or not encrypted', async () => {
    expect((await checkMobile(enc('12345'))).json().rcrm.RM).toBe('手機號碼格式錯誤（mobile）');
    const plaintext = await checkMobile(MEMBER.mobile);
    expect(plaintext.statusCode).toBe(400);
    expect(plaintext.json().rcrm).toEqual({
      RC: 'PARAMETER_INVALID',
      RM: `${RC_MESSAGES.PARAMETER_INVALID}（mobile）`,
    });
  });
});

describe('POST /oauth-api/member/compare_ec_member', () => {
  const compare = (phone: string, token: string | null = null, provider = 'cyberbit') =>
    postSigned(
      t,
      '/oauth-api/member/compare_ec_member',
      { token, request_parameter: { provider, phone } },
      { headers: { 'accept-language': 'en' } },
    );

  beforeEach(async () => {
    await t.db.insert(ecMembers).values([
      { phone: '0955000111', name: '舊商城會員' },
      { phone: '0955000222', status: 'suspended' },
    ]);
  });

  it('says a phone of the e-commerce shop is an MMRM member, with its status', async () => {
    const response = await compare('0955000111');
    expect(response.json()).toEqual({
      rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 },
      results: { is_mmrm_member: true, status: 'active' },
    });
    expect((await compare('0955000222')).json().results).toEqual({ is_mmrm_member: true, status: 'suspended' });
  });

  it('says an unknown phone is not', async () => {
    expect((await compare('0955999999')).json().results).toEqual({ is_mmrm_member: false, status: null });
  });

  it('answers the same with a member token', async () => {
    const token = await memberToken(t);
    expect((await compare('0955000111', token)).json().results).toEqual({ is_mmrm_member: true, status: 'active' });
  });

  it('accepts only the cyberbit provider', async () => {
    const response = await compare('0955000111', null, 'shopify');
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm).toEqual({
      RC: 'PARAMETER_INVALID',
      RM: `${RC_MESSAGES.PARAMETER_INVALID}（provider）`,
    });
  });
});
