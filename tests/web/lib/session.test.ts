import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  endSession,
  followSessionOfAnotherTab,
  forgetMember,
  readSession,
  requireSession,
  startSession,
} from '../../../src/lib/session';

const at = (text: string) => new Date(text);

describe('the stored session', () => {
  it('expires one year after login, written in Taipei time', () => {
    // 2024/03/01 00:30 in Taipei is still 29 February in UTC.
    const auth = startSession('tok', 'Member', at('2024-02-29T16:30:00Z'));
    expect(auth).toEqual({ token: 'tok', expireTime: '2025/03/01 00:30:00' });
    expect(JSON.parse(localStorage.getItem('memberAuth') ?? '')).toEqual(auth);
    expect(localStorage.getItem('login_type')).toBe('Member');
  });

  it('is valid up to its expiry and expired just after, which clears it', () => {
    startSession('tok', 'Line', at('2024-01-01T00:00:00Z'));
    expect(readSession(at('2024-12-31T00:00:00Z'))?.token).toBe('tok');
    expect(readSession(at('2024-12-31T00:00:01Z'))).toBeNull();
    expect(localStorage.getItem('memberAuth')).toBeNull();
    expect(sessionStorage.getItem('member_access_token')).toBeNull();
  });

  it('counts an unreadable expiry as logged out', () => {
    localStorage.setItem('memberAuth', JSON.stringify({ token: 'tok', expireTime: '2099-01-01' }));
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('memberAuth')).toBeNull();
  });

  it('ends on request', () => {
    startSession('tok', 'Member');
    endSession();
    expect(readSession()).toBeNull();
  });

  it("ends with the member's details this tab kept, while what the member resumes after signing in again stays", () => {
    startSession('tok', 'Member');
    sessionStorage.setItem('member_access_info', JSON.stringify({ name: '王小明', mobile: '0912345678' }));
    sessionStorage.setItem('member_change_mobile', '0987654321');
    sessionStorage.setItem('member_change_mobile_from', '0912345678');
    sessionStorage.setItem('profile_draft', JSON.stringify({ mobile: '0912345678', edited: {} }));
    endSession();
    expect(sessionStorage.getItem('member_access_info')).toBeNull();
    // The new mobile waiting for its code (the server keeps the change) and the unsaved edits (decision 0022).
    expect(sessionStorage.getItem('member_change_mobile')).toBe('0987654321');
    expect(sessionStorage.getItem('member_change_mobile_from')).toBe('0912345678');
    expect(sessionStorage.getItem('profile_draft')).not.toBeNull();
  });

  it('ends with a new mobile whose member this tab could not tell: no one else may resume it', () => {
    startSession('tok', 'Member');
    sessionStorage.setItem('member_change_mobile', '0987654321');
    endSession();
    expect(sessionStorage.getItem('member_change_mobile')).toBeNull();
  });

  /** What a visitor may have left in the tab: a registration, a LINE account to bind, a recovery. */
  const VISITOR_FLOWS = [
    'register1',
    'register2',
    'check3rdCrmData',
    'temp_access_token',
    'line_verify_data',
    'line_bind_mobile',
    'TEMP_ACCESS_TOKEN',
  ];
  const leaveVisitorFlows = () => {
    sessionStorage.setItem(
      'register1',
      JSON.stringify({ mobile: '0912345678', password: 'abc123', confirm: 'abc123' }),
    );
    sessionStorage.setItem('register2', JSON.stringify({ email: 'x@example.com' }));
    sessionStorage.setItem('check3rdCrmData', JSON.stringify({ third_party_crm_data: 'data' }));
    sessionStorage.setItem('temp_access_token', 'temp');
    const lineToken = { line_token: 'line-token', line_token_source: 'cyberbiz' };
    sessionStorage.setItem(
      'line_verify_data',
      JSON.stringify({ bind_third_party: { source: 'LineMultiOA', verify_data: lineToken } }),
    );
    sessionStorage.setItem('line_bind_mobile', '0912345678');
    sessionStorage.setItem('TEMP_ACCESS_TOKEN', 'recovery');
  };

  it("starts with nothing of a visitor's flows or of the member before: a typed password, a LINE account, a recovery", () => {
    leaveVisitorFlows();
    sessionStorage.setItem('member_access_info', JSON.stringify({ name: '前一位', mobile: '0900000000' }));
    // The LINE token of one who signed in with LINE and whose session the server then ended.
    sessionStorage.setItem('line_access_token', 'line-token-of-the-one-before');
    startSession('tok', 'Member');
    for (const key of [...VISITOR_FLOWS, 'member_access_info', 'line_access_token'])
      expect(sessionStorage.getItem(key)).toBeNull();
  });

  it("signing out forgets a visitor's flows too, and a new mobile waiting for its code", () => {
    startSession('tok', 'Member');
    leaveVisitorFlows();
    sessionStorage.setItem('member_change_mobile', '0987654321');
    sessionStorage.setItem('member_change_mobile_from', '0912345678');
    forgetMember();
    for (const key of [...VISITOR_FLOWS, 'member_change_mobile', 'member_change_mobile_from'])
      expect(sessionStorage.getItem(key)).toBeNull();
  });

  /** A code sent from each screen that sends one, the resend countdown kept for a reload. */
  const CODE_COUNTDOWNS = ['register', 'forgot_password', 'verify_mobile', 'change_mobile'].map(
    (purpose) => `code_sent_at_${purpose}`,
  );
  const sendCodes = () => {
    for (const key of CODE_COUNTDOWNS) sessionStorage.setItem(key, JSON.stringify(Date.now() - 20_000));
  };

  it.each([
    ['signing in', () => startSession('next', 'Member')],
    ['signing out', forgetMember],
    ['another tab signing in someone else', () => followSessionOfAnotherTab('next')],
  ])(
    '%s forgets the codes sent, so the next person is never told a code went to them that no one sent',
    (_, change) => {
      startSession('tok', 'Member');
      sendCodes();
      change();
      for (const key of CODE_COUNTDOWNS) expect(sessionStorage.getItem(key)).toBeNull();
    },
  );

  it.each([
    ['signing in', () => startSession('next', 'Member')],
    ['signing out', forgetMember],
    ['another tab signing in someone else', () => followSessionOfAnotherTab('next')],
  ])('%s forgets which calls got no answer, so the next person’s refusals are shown as they come', (_, change) => {
    startSession('tok', 'Member');
    sessionStorage.setItem('answers_lost', JSON.stringify(['updateMemberPassword', 'register']));
    change();
    expect(sessionStorage.getItem('answers_lost')).toBeNull();
  });

  it.each([
    ['the server ending it', endSession],
    ['another tab ending it', () => followSessionOfAnotherTab(null)],
    ['another tab signing in someone else', () => followSessionOfAnotherTab('next')],
  ])('ends with the LINE token of the one who signed in with LINE: %s', (_, change) => {
    startSession('tok', 'Line');
    // Alone it signs in through login_with_provider: it must not wait in the tab for the next person.
    sessionStorage.setItem('line_access_token', 'line-token-of-the-member');
    change();
    expect(sessionStorage.getItem('line_access_token')).toBeNull();
  });

  it('signing out forgets the rurl kept here, so the next person to sign in is not sent, with their token, where the last one was going', () => {
    startSession('tok', 'Member');
    localStorage.setItem('rurl', 'https://shop.example.com/cart');
    forgetMember();
    expect(localStorage.getItem('rurl')).toBeNull();
  });

  it('a session that merely ended keeps the rurl: the member signs in again and goes on there', () => {
    startSession('tok', 'Member');
    localStorage.setItem('rurl', 'https://shop.example.com/cart');
    endSession();
    followSessionOfAnotherTab(null);
    expect(localStorage.getItem('rurl')).toBe('https://shop.example.com/cart');
  });

  it('signing out forgets the login type before the session, so the other tabs, hearing each in order, can tell a sign-out', () => {
    startSession('tok', 'Member');
    const removed = vi.spyOn(Storage.prototype, 'removeItem');
    forgetMember();
    const keys = removed.mock.calls.map(([key]) => key);
    removed.mockRestore();
    expect(keys.indexOf('login_type')).toBeGreaterThanOrEqual(0);
    expect(keys.indexOf('login_type')).toBeLessThan(keys.indexOf('memberAuth'));
  });

  it('guards routes: members pass, everyone else is redirected to /login', () => {
    startSession('tok', 'Member');
    expect(() => requireSession()).not.toThrow();
    endSession();
    let thrown: unknown;
    try {
      requireSession();
    } catch (error) {
      thrown = error;
    }
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: { to: string } }).options.to).toBe('/login');
  });
});
