import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { taipeiTimestamp } from '#protocol';
import { buildApp } from '../../server/app';
import { LIMITS } from '../../server/config';
import { prefersJson } from '../../server/lib/accept';
import { outboxSender } from '../../server/sms/outbox';
import { startTestApp, type TestApp } from './helpers/app';
import { call, outbox, registerVisitor, VISITOR } from './helpers/registration';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const get = (url: string, accept?: string) => t.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

describe('GET /dev/sms-outbox', () => {
  it('lists every message newest first as JSON {to, text, purpose, sent_at} when JSON is preferred', async () => {
    await registerVisitor(t);
    t.clock.advance(LIMITS.smsResendMs);
    await registerVisitor(t, { mobile: '0955000111' });
    const response = await get('/dev/sms-outbox', 'application/json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const messages = response.json();
    expect(messages).toEqual([
      {
        to: '0955000111',
        text: expect.stringContaining('註冊驗證碼'),
        purpose: 'register',
        sent_at: taipeiTimestamp(t.clock.now()),
      },
      {
        to: VISITOR.mobile,
        text: expect.stringContaining('註冊驗證碼'),
        purpose: 'register',
        sent_at: taipeiTimestamp(new Date(t.clock.now().getTime() - LIMITS.smsResendMs)),
      },
    ]);
  });

  it('lists only one mobile’s messages with ?to=', async () => {
    const temp = await registerVisitor(t);
    await registerVisitor(t, { mobile: '0955000111' });
    t.clock.advance(LIMITS.smsResendMs);
    await call(t, 'resend_register_verify', temp);
    const mine = await outbox(t, VISITOR.mobile);
    expect(mine.map((m) => m.to)).toEqual([VISITOR.mobile, VISITOR.mobile]);
    expect(await outbox(t, '0900000000')).toEqual([]);
  });

  it('shows a page for a person, newest first, with every value escaped', async () => {
    const sender = outboxSender(t.db, t.app.log, t.clock.now);
    await sender.send({ to: '0955666777', text: '第一則', purpose: 'register' });
    t.clock.advance(1_000);
    await sender.send({ to: '0955666777', text: '<script>alert("x")</script> & 第二則', purpose: 'mobile_changed' });
    const response = await get('/dev/sms-outbox', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<title>簡訊寄件匣（開發用）</title>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; 第二則');
    expect(html).not.toContain('<script>');
    expect(html.indexOf('第二則')).toBeLessThan(html.indexOf('第一則'));
    expect(html).toContain(taipeiTimestamp(t.clock.now()));
  });

  it('says so when there is no message yet', async () => {
    expect((await get('/dev/sms-outbox')).body).toContain('目前沒有簡訊。');
  });

  it('logs each message through the app logger', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildApp({
      config: t.config,
      database: t.testDatabase.database,
      now: t.clock.now,
      distDir: '/nonexistent-dist',
      logger: { level: 'info', stream },
    });
    try {
      await registerVisitor({ ...t, app: logged });
      const entry = lines.map((line) => JSON.parse(line)).find((line) => line.sms);
      expect(entry).toMatchObject({ level: 30, sms: { to: VISITOR.mobile, purpose: 'register' } });
      expect(entry.msg).toMatch(/^簡訊寄件匣：寄給 0955666777：【會員中心】您的註冊驗證碼為 \d{6}/);
    } finally {
      await logged.close();
    }
  });
});

describe('GET /dev/sms-outbox in production', () => {
  it('does not exist', async () => {
    const production = await startTestApp({
      env: {
        NODE_ENV: 'production',
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: 'https://sms.example.com/send',
        LINE_API_BASE: 'https://api.line.me',
        SMS_HTTP_TOKEN: 'token',
        PUBLIC_URL: 'https://member.example.com',
      },
    });
    try {
      expect(production.app.hasRoute({ method: 'GET', url: '/dev/sms-outbox' })).toBe(false);
      const response = await production.app.inject({
        method: 'GET',
        url: '/dev/sms-outbox',
        headers: { accept: 'application/json' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('驗證碼');
    } finally {
      await production.close();
    }
  });
});

describe('choosing JSON or HTML from the Accept header', () => {
  it.each([
    ['application/json', true],
    ['application/json, text/html', true],
    ['text/html;q=0.5, application/json', true],
    ['application/*', true],
    ['text/html', false],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
    ['application/json;q=0.5, text/html', false],
    ['*/*', false],
    ['', false],
    [undefined, false],
  ])('%s prefers JSON: %s', (accept, json) => {
    expect(prefersJson(accept)).toBe(json);
  });
});
