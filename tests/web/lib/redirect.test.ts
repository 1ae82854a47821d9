import { describe, expect, it } from 'vitest';
import { isSafeRedirect } from '../../../src/lib/redirect';

const allowed = ['https://shop.example.com', 'http://localhost:8080'];
const page = 'https://member.example.com';
const check = (target: unknown) => isSafeRedirect(target, allowed, page);

describe('the safe-redirect check', () => {
  it.each([
    '/change_member',
    '/login?rurl=%2Fx#top',
    'https://member.example.com/anything',
    'https://shop.example.com/cart?id=1',
    'http://localhost:8080/dev',
  ])('allows %s', (target) => {
    expect(check(target)).toBe(true);
  });

  it.each([
    '',
    '//evil.example.net',
    '/\\evil.example.net',
    '\\\\evil.example.net',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    'https://evil.example.net',
    'https://shop.example.com.evil.net/',
    'https://shop.example.com@evil.example.net/',
    'https://user:pw@shop.example.com/',
    'http://shop.example.com/',
    ' https://shop.example.com/',
    'https://shop.example.com/\nx',
    'change_member',
    'ftp://shop.example.com/',
    `/${'a'.repeat(3000)}`,
    42,
    null,
  ])('rejects %s', (target) => {
    expect(check(target)).toBe(false);
  });
});
