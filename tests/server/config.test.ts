import { availableParallelism } from 'node:os';
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
const PUBLIC = { PUBLIC_URL: 'https://member.example.com' };
/** Everything production asks for, over https. */
const PRODUCTION = { ...REAL, ...REAL_SMS, ...PUBLIC, NODE_ENV: 'production' };

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
      rateLimitChecksPerMinute: 30,
      smsPerAddressPerHour: 10,
      smsMaxPerMinute: 60,
      redisUrl: null,
      redisKeyPrefix: 'member-app:',
      trustProxy: false,
      workers: 1,
      nodeEnv: 'development',
      production: false,
    });
  });

  it('runs several server processes only on PostgreSQL with Redis, which they share their limits through', () => {
    const shared = { DATABASE_URL: 'postgres://db.example.com/members', REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(loadConfig({ ...shared, WORKERS: '2' }).workers).toBe(2);
    expect(loadConfig({ ...shared, WORKERS: 'auto' }).workers).toBe(availableParallelism());
    expect(issuesOf({ WORKERS: '2' }).WORKERS).toBe('多個行程須使用 PostgreSQL（設定 DATABASE_URL）');
    expect(issuesOf({ WORKERS: '2', DATABASE_URL: shared.DATABASE_URL }).WORKERS).toBe(
      '多個行程須以 Redis 共用請求次數限制（設定 REDIS_URL）',
    );
    for (const bad of ['0', '65', 'two', '-1']) {
      expect(issuesOf({ ...shared, WORKERS: bad }).WORKERS).toBe('須為 auto（每個 CPU 核心一個）或 1–64 的整數');
    }
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
      PUBLIC_URL: 'https://member.example.com/',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.com/send',
      SMS_HTTP_TOKEN: 'sms-token',
      LINE_API_BASE: 'https://line-proxy.internal/',
      RATE_LIMIT_PER_MINUTE: '120',
      RATE_LIMIT_CHECKS_PER_MINUTE: '20',
      SMS_PER_ADDRESS_PER_HOUR: '5',
      SMS_MAX_PER_MINUTE: '200',
      REDIS_URL: 'rediss://:secret@cache.internal:6380/0',
      REDIS_KEY_PREFIX: 'members-prod:',
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
      publicUrl: 'https://member.example.com',
      sms: { provider: 'http', url: 'https://sms.example.com/send', token: 'sms-token' },
      lineApiBase: 'https://line-proxy.internal',
      rateLimitPerMinute: 120,
      rateLimitChecksPerMinute: 20,
      smsPerAddressPerHour: 5,
      smsMaxPerMinute: 200,
      redisUrl: 'rediss://:secret@cache.internal:6380/0',
      redisKeyPrefix: 'members-prod:',
      trustProxy: ['10.0.0.0/8', 'loopback'],
      production: true,
    });
  });

  it.each([
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 2001:db8::/32', ['10.0.0.0/8', '2001:db8::/32']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  // Trusting every hop takes the left-most X-Forwarded-For address, which the client writes itself
  // even when the load balancer appends the real one: every per-address limit would be the client's to choose.
  it.each(['true', 'TRUE', 'True', '*', '0.0.0.0/0', '::/0', '10.0.0.0/8, 0.0.0.0/0'])(
    'refuses TRUST_PROXY=%s, which would let a client choose its own address',
    (value) => {
      const { TRUST_PROXY: message } = issuesOf({ TRUST_PROXY: value });
      expect(message).toContain('X-Forwarded-For');
      expect(message).toContain('跳數');
      expect(message).toContain('IP／CIDR');
    },
  );

  it.each(['10.0.0.0/abc', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/8/8', '10.0.0.0/'])(
    'refuses TRUST_PROXY=%s, whose range is no range, at start rather than when the app is built',
    (value) => {
      expect(issuesOf({ TRUST_PROXY: value })).toEqual({ TRUST_PROXY: expect.stringContaining('IP／CIDR') });
    },
  );

  it('refuses an account or password in LINE_API_BASE, as in SMS_HTTP_URL, and names neither', () => {
    const issues = issuesOf({ LINE_API_BASE: 'https://lineuser:Pa55word@api.line.me' });
    expect(Object.keys(issues)).toEqual(['LINE_API_BASE']);
    expect(issues.LINE_API_BASE).not.toContain('Pa55word');
  });

  it('refuses a DATABASE_URL the driver would misread, for the server as for the commands', () => {
    const issues = issuesOf({ DATABASE_URL: 'postgres://member:p#w@db.example/loyalty' });
    expect(issues.DATABASE_URL).toContain('# 寫成 %23');
    // Parsed, but as the host `member` on port 1234: the `#` cuts the rest off.
    expect(issuesOf({ DATABASE_URL: 'postgres://member:1234#x@db.example/loyalty' }).DATABASE_URL).toContain('%23');
    expect(issues.DATABASE_URL).not.toContain('p#w');
    expect(
      issuesOf({ DATABASE_URL: 'postgres://member:p%23w@db.example/loyalty', PORT: 'eighty' }).DATABASE_URL,
    ).toBeUndefined();
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
      RATE_LIMIT_CHECKS_PER_MINUTE: '-1',
      SMS_PER_ADDRESS_PER_HOUR: 'ten',
      SMS_MAX_PER_MINUTE: '0',
      REDIS_URL: 'localhost:6379',
      REDIS_KEY_PREFIX: 'has spaces',
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

  // fetch refuses such a URL, so every code would fail to go out, and the error would carry the password to the log.
  it.each([
    'https://smsuser:Pa55word@sms.example.com/send',
    'https://smsuser@sms.example.com/send',
    'https://:k3yABCsecret@sms.example.com/send?api_key=k3yABCsecret',
  ])('refuses an account or password in SMS_HTTP_URL=%s, and names neither', (url) => {
    const env = { ...REAL_SMS, SMS_HTTP_URL: url };
    const issues = issuesOf(env);
    expect(issues).toEqual({ SMS_HTTP_URL: expect.stringContaining('SMS_HTTP_TOKEN') });
    expect(issuesOf({ ...PRODUCTION, SMS_HTTP_URL: url })).toEqual(issues);
    const message = (() => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const secret of ['smsuser', 'Pa55word', 'k3yABCsecret']) expect(message).not.toContain(secret);
  });

  it('accepts a gateway key in the query of SMS_HTTP_URL', () => {
    const url = 'https://sms.example.com/send?api_key=k3yABCsecret';
    expect(loadConfig({ ...PRODUCTION, SMS_HTTP_URL: url }).sms).toMatchObject({ provider: 'http', url });
  });

  it('accepts an absolute default redirect only on an allowed origin', () => {
    expect(issuesOf({ DEFAULT_REDIRECT_URL: 'https://elsewhere.example.com/x' })).toHaveProperty(
      'DEFAULT_REDIRECT_URL',
    );
  });

  it.each(['/\\evil.example.com', 'javascript:alert(1)', 'change_member'])('refuses DEFAULT_REDIRECT_URL=%s', (url) => {
    expect(issuesOf({ DEFAULT_REDIRECT_URL: url })).toHaveProperty('DEFAULT_REDIRECT_URL');
  });

  it('accepts http origins outside production, for development on this machine', () => {
    expect(
      loadConfig({ PUBLIC_URL: 'http://localhost:3000', ALLOWED_REDIRECT_ORIGINS: 'http://localhost:8080' }),
    ).toMatchObject({ publicUrl: 'http://localhost:3000', allowedRedirectOrigins: ['http://localhost:8080'] });
  });

  describe('with NODE_ENV=production', () => {
    it('refuses the demo keys, demo LINE, the SMS outbox and a missing PUBLIC_URL', () => {
      expect(Object.keys(issuesOf({ NODE_ENV: 'production' })).sort()).toEqual([
        'CRM_AES_KEY',
        'CRM_SIGN_KEY',
        'LIFF_ID',
        'PUBLIC_URL',
        'SMS_PROVIDER',
      ]);
    });

    it('refuses the built-in demo keys even when set explicitly', () => {
      const issues = issuesOf({
        ...PRODUCTION,
        CRM_SIGN_KEY: DEMO_SIGN_KEY,
        CRM_AES_KEY: DEMO_AES_KEY,
      });
      expect(Object.keys(issues).sort()).toEqual(['CRM_AES_KEY', 'CRM_SIGN_KEY']);
    });

    it('refuses the SMS outbox, which would keep every code from the member', () => {
      expect(issuesOf({ ...REAL, ...PUBLIC, NODE_ENV: 'production' })).toEqual({
        SMS_PROVIDER: expect.stringContaining('http'),
      });
      expect(issuesOf({ ...PRODUCTION, SMS_PROVIDER: 'outbox' })).toHaveProperty('SMS_PROVIDER');
    });

    it('refuses to start without PUBLIC_URL, the origin of every link the server writes', () => {
      const { PUBLIC_URL: _unset, ...withoutPublicUrl } = PRODUCTION;
      expect(issuesOf(withoutPublicUrl)).toEqual({ PUBLIC_URL: expect.stringContaining('https://') });
    });

    it('refuses a PUBLIC_URL that is not https', () => {
      expect(issuesOf({ ...PRODUCTION, PUBLIC_URL: 'http://member.example.com' })).toEqual({
        PUBLIC_URL: '正式環境（NODE_ENV=production）的來源須為 https://',
      });
    });

    it('refuses ALLOWED_REDIRECT_ORIGINS with any origin that is not https', () => {
      expect(
        issuesOf({ ...PRODUCTION, ALLOWED_REDIRECT_ORIGINS: 'https://shop.example.com, http://app.example.com' }),
      ).toEqual({ ALLOWED_REDIRECT_ORIGINS: '正式環境（NODE_ENV=production）的來源須為 https://' });
    });

    it.each([
      ['SMS_HTTP_URL', 'http://sms.example.com/send'],
      ['LINE_API_BASE', 'http://line-proxy.internal'],
    ])('refuses %s over plain http: codes and tokens travel there', (key, value) => {
      expect(issuesOf({ ...PRODUCTION, [key]: value })).toEqual({
        [key]: '正式環境（NODE_ENV=production）的來源須為 https://',
      });
    });

    it('names a malformed origin once, with the message for its format', () => {
      const issues = issuesOf({ ...PRODUCTION, PUBLIC_URL: 'member.example.com', ALLOWED_REDIRECT_ORIGINS: 'shop' });
      expect(issues.PUBLIC_URL).toContain('https://member.example.com（不含路徑）');
      expect(issues.ALLOWED_REDIRECT_ORIGINS).toContain('以逗號分隔的來源');
    });

    it('starts over https with real keys, a LIFF app, its LINE channel and the http SMS provider', () => {
      expect(loadConfig({ ...PRODUCTION, ALLOWED_REDIRECT_ORIGINS: 'https://shop.example.com' })).toMatchObject({
        production: true,
        demoMode: false,
        publicUrl: 'https://member.example.com',
        allowedRedirectOrigins: ['https://shop.example.com'],
        liffId: REAL.LIFF_ID,
        lineChannelId: REAL.LINE_CHANNEL_ID,
        sms: { provider: 'http', url: REAL_SMS.SMS_HTTP_URL, token: REAL_SMS.SMS_HTTP_TOKEN },
      });
    });
  });
});
