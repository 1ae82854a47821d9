import { describe, expect, it } from 'vitest';
import { keepReturnPath, keepReturnPathUnlessKept, takeReturnPath } from '../../../src/lib/return-path';

const NOW = new Date('2025-03-01T10:00:00+08:00');
const TEN_MINUTES = 10 * 60_000;
const until = new Date(NOW.getTime() + TEN_MINUTES);

describe('the page to come back to after signing in', () => {
  it('is kept for this tab only and given back once', () => {
    keepReturnPath('/authorize?random_key=k&client_id=c&state=s', until);
    expect(localStorage.length).toBe(0);
    expect(JSON.parse(sessionStorage.getItem('return_path') ?? '{}')).toEqual({
      path: '/authorize?random_key=k&client_id=c&state=s',
      until: until.getTime(),
    });
    expect(takeReturnPath(NOW)).toBe('/authorize?random_key=k&client_id=c&state=s');
    expect(takeReturnPath(NOW)).toBeNull();
  });

  it('is not replaced by a later page while it is still of use, and is once it is not', () => {
    keepReturnPath('/authorize?random_key=k', until);
    keepReturnPathUnlessKept('/change_member', until, NOW);
    expect(takeReturnPath(NOW)).toBe('/authorize?random_key=k');

    keepReturnPath('/authorize?random_key=k', NOW);
    keepReturnPathUnlessKept('/change_member', until, NOW);
    expect(takeReturnPath(NOW)).toBe('/change_member');
  });

  it('is forgotten, not given, once it is no longer of use', () => {
    keepReturnPath('/authorize?random_key=k', until);
    expect(takeReturnPath(until)).toBeNull();
    expect(sessionStorage.getItem('return_path')).toBeNull();
  });

  it.each([
    'https://member.example.com/authorize',
    'https://evil.example.net/authorize',
    '//evil.example.net/authorize',
    '/\\evil.example.net',
    'authorize?x=1',
  ])('is never %s', (path) => {
    keepReturnPath(path, until);
    expect(sessionStorage.getItem('return_path')).toBeNull();
  });

  it('ignores a stored value that was tampered with', () => {
    sessionStorage.setItem('return_path', JSON.stringify({ path: '//evil.example.net', until: until.getTime() }));
    expect(takeReturnPath(NOW)).toBeNull();
    sessionStorage.setItem('return_path', '{broken');
    expect(takeReturnPath(NOW)).toBeNull();
  });
});
