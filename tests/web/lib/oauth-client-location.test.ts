import { describe, expect, it } from 'vitest';
import { isOAuthClientLocation, isSafeRedirect } from '../../../src/lib/redirect';

describe('the location of an OAuth client, as /oauth/authorize answers it', () => {
  it.each([
    'https://partner.example.org/oauth/callback?code=abc&state=xyz',
    'http://127.0.0.1:8123/cb?tenant=tw&code=abc&state=a%20b',
  ])('is followed on any origin: %s', (target) => {
    expect(isOAuthClientLocation(target)).toBe(true);
    // It is not one of the app's allowed origins: only this answer may go there.
    expect(isSafeRedirect(target, ['https://shop.example.com'], 'https://member.example.com')).toBe(false);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    'ftp://partner.example.org/cb',
    '/change_member',
    '//partner.example.org/cb',
    'https://user:pw@partner.example.org/cb',
    'https://partner.example.org/cb\n?code=1',
    ' https://partner.example.org/cb',
    `https://partner.example.org/${'a'.repeat(5000)}`,
    '',
    null,
    42,
  ])('is refused when it is %s', (target) => {
    expect(isOAuthClientLocation(target)).toBe(false);
  });
});
