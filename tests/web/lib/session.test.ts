import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { endSession, readSession, requireSession, startSession } from '../../../src/lib/session';

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
