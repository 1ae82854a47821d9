import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_AES_KEY, DEMO_SIGN_KEY, loadConfig } from '../../server/config';

function issuesOf(env: Record<string, string>): Record<string, string> {
  try {
    loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return Object.fromEntries(error.issues.map((issue) => [issue.key, issue.message]));
  }
  throw new Error('expected a ConfigError');
}

const REAL = {
  CRM_SIGN_KEY: 'real-sign-key',
  CRM_AES_KEY: 'real-aes-key',
  LIFF_ID: '1657000000-AbCdEfGh',
  LINE_CHANNEL_ID: '1657000000',
};
const REAL_SMS = { SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send', SMS_HTTP_TOKEN: 'sms-token' };

describe('server configuration', () => {
  it('starts with no variables at all, in demo mode with the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: '.data',
      signKey: DEMO_SIGN_KEY,
      aesKey: DEMO_AES_KEY,
      demoKeys: true,
      demoLine: true,
      demoMode: true,
      liffId: null,
      lineApiBase: 'https://api.line.me',
      allowedRedirectOrigins: [],
      defaultRedirectUrl: '/change_member',
      sms: { provider: 'outbox' },
      rateLimitPerMinute: 600,
      trustProxy: false,
      nodeEnv: 'development',
      production: false,
    });
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '', CRM_SIGN_KEY: '  ' }).port).toBe(3000);
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      ...REAL,
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://app@db.internal:5432/members',
      DATA_DIR: '/var/lib/members',
      ALLOWED_REDIRECT_ORIGINS: 'https://shop.example.com, https://app.example.com',
      DEFAULT_REDIRECT_URL: 'https://shop.example.com/account',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.com/send',
      SMS_HTTP_TOKEN: 'sms-token',
      LINE_API_BASE: 'http://127.0.0.1:9999/',
      RATE_LIMIT_PER_MINUTE: '120',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://app@db.internal:5432/members',
      signKey: 'real-sign-key',
      demoMode: false,
      allowedRedirectOrigins: ['https://shop.example.com', 'https://app.example.com'],
      defaultRedirectUrl: 'https://shop.example.com/account',
      sms: { provider: 'http', url: 'https://sms.example.com/send', token: 'sms-token' },
      lineApiBase: 'http://127.0.0.1:9999',
      rateLimitPerMinute: 120,
      trustProxy: ['10.0.0.0/8', 'loopback'],
      production: true,
    });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('lists every bad variable in one error', () => {
    const env = {
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/members',
      ALLOWED_REDIRECT_ORIGINS: 'https://ok.example.com,https://bad.example.com/path',
      DEFAULT_REDIRECT_URL: '//evil.example.com',
      SMS_PROVIDER: 'pigeon',
      LIFF_ID: 'not a liff id',
      LINE_CHANNEL_ID: 'abc',
      LINE_API_BASE: 'ftp://line.example.com',
      RATE_LIMIT_PER_MINUTE: '0',
      TRUST_PROXY: 'sometimes',
      NODE_ENV: 'staging',
      CRM_SIGN_KEY: 'only-one-key',
    };
    const issues = issuesOf(env);
    const expectedKeys = Object.keys(env).filter((key) => key !== 'CRM_SIGN_KEY');
    expect(Object.keys(issues).sort()).toEqual([...expectedKeys, 'CRM_AES_KEY'].sort());
    let message = '';
    try {
      loadConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const key of Object.keys(issues)) expect(message).toContain(key);
  });

  it('asks for the SMS provider settings and the LINE channel when their switch is on', () => {
    expect(issuesOf({ SMS_PROVIDER: 'http', LIFF_ID: '1657000000-AbCd' })).toEqual({
      SMS_HTTP_URL: expect.any(String),
      SMS_HTTP_TOKEN: expect.any(String),
      LINE_CHANNEL_ID: expect.any(String),
    });
  });

  it('accepts an absolute default redirect only on an allowed origin', () => {
    expect(issuesOf({ DEFAULT_REDIRECT_URL: 'https://elsewhere.example.com/x' })).toHaveProperty(
      'DEFAULT_REDIRECT_URL',
    );
  });

  it.each(['/\\evil.example.com', 'javascript:alert(1)', 'change_member'])('refuses DEFAULT_REDIRECT_URL=%s', (url) => {
    expect(issuesOf({ DEFAULT_REDIRECT_URL: url })).toHaveProperty('DEFAULT_REDIRECT_URL');
  });

  describe('with NODE_ENV=production', () => {
    it('refuses the demo keys and demo LINE', () => {
      expect(Object.keys(issuesOf({ NODE_ENV: 'production' })).sort()).toEqual([
        'CRM_AES_KEY',
        'CRM_SIGN_KEY',
        'LIFF_ID',
        'SMS_PROVIDER',
      ]);
    });

    it('refuses the built-in demo keys even when set explicitly', () => {
      const issues = issuesOf({
        ...REAL,
        ...REAL_SMS,
        NODE_ENV: 'production',
        CRM_SIGN_KEY: DEMO_SIGN_KEY,
        CRM_AES_KEY: DEMO_AES_KEY,
      });
      expect(Object.keys(issues).sort()).toEqual(['CRM_AES_KEY', 'CRM_SIGN_KEY']);
    });

    it('refuses the SMS outbox, which would keep every code from the member', () => {
      expect(issuesOf({ ...REAL, NODE_ENV: 'production' })).toEqual({ SMS_PROVIDER: expect.stringContaining('http') });
      expect(issuesOf({ ...REAL, NODE_ENV: 'production', SMS_PROVIDER: 'outbox' })).toHaveProperty('SMS_PROVIDER');
    });

    it('starts with real keys, a LIFF app and the http SMS provider', () => {
      expect(loadConfig({ ...REAL, ...REAL_SMS, NODE_ENV: 'production' })).toMatchObject({
        production: true,
        demoMode: false,
        sms: { provider: 'http' },
      });
    });
  });
});
