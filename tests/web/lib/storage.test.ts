import { describe, expect, it } from 'vitest';
import { registerOneSchema, registerTwoSchema } from '../../../src/features/register/drafts';
import { deviceUuid, storage } from '../../../src/lib/storage';

const register1 = storage.register1(registerOneSchema);
const register2 = storage.register2(registerTwoSchema);

const PROFILE = {
  name: '王小明',
  mobile: '0912345678',
  gender: 'M' as const,
  email: null,
  birthday: '1990/05/20',
  is_verified: false,
  referral_code: 'ABCD2345',
};

describe('storage', () => {
  it('keeps each item under the key the spec names', () => {
    storage.memberAuth.set({ token: 't1', expireTime: '2030/01/02 03:04:05' });
    storage.rurl.set('/change_member');
    storage.loginType.set('Line');
    storage.memberAccessToken.set('t1');
    storage.lineAccessToken.set('line-1');
    register1.set({
      mobile: '0912345678',
      name: '王小明',
      password: 'a1',
      confirm: 'a1',
      agreed_terms: ['t1'],
    });
    register2.set({ referrer_code: 'ABCD2345', gender: 'F', email: '', birthday: '' });
    storage.check3rdCrmData.set({ third_party_crm_data: 'encrypted-crm-data' });
    storage.memberAccessInfo.set(PROFILE);
    storage.forgotPasswordToken.set('temp-forgot');
    storage.memberChangeMobile.set({ to: '0987654321', from: null });
    storage.tempAccessToken.set('temp-register');
    storage.lineVerifyData.set({
      bind_third_party: {
        source: 'LineMultiOA',
        verify_data: { line_token: 'line-1', line_token_source: 'cyberbiz' },
      },
    });

    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '')).toEqual({
      token: 't1',
      expireTime: '2030/01/02 03:04:05',
    });
    expect(localStorage.getItem('rurl')).toBe('/change_member');
    expect(localStorage.getItem('login_type')).toBe('Line');
    expect(Object.keys(sessionStorage).sort()).toEqual(
      [
        'TEMP_ACCESS_TOKEN',
        'check3rdCrmData',
        'line_access_token',
        'line_verify_data',
        'member_access_info',
        'member_access_token',
        'member_change_mobile',
        'register1',
        'register2',
        'temp_access_token',
      ].sort(),
    );
    expect(storage.lineVerifyData.get()?.bind_third_party.verify_data.line_token).toBe('line-1');
    expect(storage.memberAccessInfo.get()).toEqual(PROFILE);
  });

  it('restores a registration draft with damaged fields emptied, not lost', () => {
    sessionStorage.setItem('register1', JSON.stringify({ mobile: '0912345678', name: 42, agreed_terms: 'all' }));
    expect(register1.get()).toEqual({
      mobile: '0912345678',
      name: '',
      password: '',
      confirm: '',
      agreed_terms: [],
    });
  });

  it('treats unparsable or misshapen values as absent', () => {
    localStorage.setItem('memberAuth', '{not json');
    sessionStorage.setItem('register1', '"just text"');
    localStorage.setItem('login_type', 'Admin');
    localStorage.setItem('rurl', '');
    expect(storage.memberAuth.get()).toBeNull();
    expect(register1.get()).toBeNull();
    expect(storage.loginType.get()).toBeNull();
    expect(storage.rurl.get()).toBeNull();
  });

  it('keeps a new mobile with the mobile it replaces beside it, and lets both go together', () => {
    storage.memberChangeMobile.set({ to: '0987654321', from: '0912345678' });
    expect(sessionStorage.getItem('member_change_mobile')).toBe('0987654321');
    expect(storage.memberChangeMobile.get()).toEqual({ to: '0987654321', from: '0912345678' });
    storage.memberChangeMobile.set({ to: '0966100100', from: null });
    expect(storage.memberChangeMobile.get()).toEqual({ to: '0966100100', from: null });
    storage.memberChangeMobile.set({ to: '0987654321', from: '0912345678' });
    storage.memberChangeMobile.remove();
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it('removes an item', () => {
    storage.rurl.set('/x');
    storage.rurl.remove();
    expect(localStorage.getItem('rurl')).toBeNull();
  });

  it('makes the device uuid once per browser', () => {
    const first = deviceUuid();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deviceUuid()).toBe(first);
    expect(localStorage.getItem('device-uuid')).toBe(first);
  });
});
