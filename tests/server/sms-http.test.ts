import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RC_MESSAGES } from '#protocol';
import { LIMITS } from '../../server/config';
import { smsOutbox, verificationCodes } from '../../server/db/schema';
import { serializeError } from '../../server/lib/logger';
import { httpSender } from '../../server/sms/http';
import { SmsSendError } from '../../server/sms/sender';
import { startTestApp, type TestApp } from './helpers/app';
import { captureLogs } from './helpers/logs';
import { call, registerVisitor, VISITOR } from './helpers/registration';

interface Received {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A stand-in SMS gateway on a local port; `reply` decides each answer. */
let gateway: Server;
let gatewayUrl: string;
let received: Received[] = [];
let reply: (res: ServerResponse) => void = (res) => res.writeHead(202).end('{"accepted":true}');

beforeAll(async () => {
  gateway = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(raw || 'null') });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/v1/sms`;
});
afterAll(async () => {
  gateway.closeAllConnections();
  await new Promise((resolve) => gateway.close(resolve));
});
afterEach(() => {
  received = [];
  reply = (res) => res.writeHead(202).end('{"accepted":true}');
  gateway.closeAllConnections();
});

const MESSAGE = {
  to: '0955666777',
  text: '【會員中心】您的註冊驗證碼為 123456，10 分鐘內有效。請勿將驗證碼告訴他人。',
  purpose: 'register',
};
const sender = (timeoutMs: number = LIMITS.smsHttpTimeoutMs) =>
  httpSender({ url: gatewayUrl, token: 'gateway-token-1', timeoutMs });

describe('the http SMS provider', () => {
  it('posts the message as JSON with the bearer token and resolves on a 2xx', async () => {
    await sender().send(MESSAGE);
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/v1/sms',
        headers: expect.objectContaining({
          authorization: 'Bearer gateway-token-1',
          'content-type': 'application/json',
        }),
        body: MESSAGE,
      },
    ]);
  });

  it('throws SmsSendError naming the status and the reason on a non-2xx answer', async () => {
    reply = (res) => res.writeHead(503, { 'content-type': 'text/plain' }).end('gateway under maintenance');
    const error = await sender()
      .send(MESSAGE)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as Error).message).toContain('HTTP 503');
    expect((error as Error).message).toContain('gateway under maintenance');
  });

  it('keeps the code, the message, the mobile and the key out of a refusal a gateway echoes them in', async () => {
    reply = (res) =>
      res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: 'rejected',
          key: 'gateway-token-1',
          request: MESSAGE,
          escaped: JSON.stringify(MESSAGE.text),
          spaced: '0955-666 777, code 12 34 56',
          wide: '０９５５６６６７７７',
        }),
      );
    const error = await sender()
      .send(MESSAGE)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    const { message } = error as Error;
    expect(message).toContain('HTTP 400');
    expect(message).toContain('rejected');
    for (const secret of ['gateway-token-1', '123456', MESSAGE.to, '驗證碼']) expect(message).not.toContain(secret);
  });

  it('throws SmsSendError when the gateway does not answer in time', async () => {
    reply = () => {};
    const error = await sender(150)
      .send(MESSAGE)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as Error).message).toContain('逾時');
    expect((error as Error).message).toContain('150');
    // It had the message: it may have sent it.
    expect((error as SmsSendError).mayHaveGone).toBe(true);
  });

  it('tells a failure that may have sent the message (5xx, no answer) from one that cannot have (4xx, no connection)', async () => {
    const mayHaveGone = async (answer: (res: ServerResponse) => void) => {
      reply = answer;
      const error = await sender(150)
        .send(MESSAGE)
        .catch((e: unknown) => e);
      return (error as SmsSendError).mayHaveGone;
    };
    expect(await mayHaveGone((res) => res.writeHead(500).end())).toBe(true);
    expect(await mayHaveGone((res) => res.writeHead(504).end())).toBe(true);
    expect(await mayHaveGone((res) => res.destroy())).toBe(true);
    expect(await mayHaveGone((res) => res.writeHead(400).end())).toBe(false);
    expect(await mayHaveGone((res) => res.writeHead(401).end())).toBe(false);
  });

  it('throws SmsSendError when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await httpSender({ url: `http://127.0.0.1:${port}/sms`, token: 't', timeoutMs: 1_000 })
      .send(MESSAGE)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as Error).message).toContain('無法連線簡訊服務');
    expect((error as SmsSendError).mayHaveGone).toBe(false);
  });
});

/** A gateway's key in the query, as some gateways take it: the log must name the gateway without it. */
const QUERY_KEY = 'k3yABCsecret';
const withKey = (url: string) => `${url}?api_key=${QUERY_KEY}`;
const failureOf = (url: string, timeoutMs: number = LIMITS.smsHttpTimeoutMs) =>
  httpSender({ url, token: 'gateway-token-1', timeoutMs })
    .send(MESSAGE)
    .catch((e: unknown) => e);
/** Everything the log would keep of the error: its message and every cause's. */
const loggedText = (error: unknown) => JSON.stringify(serializeError(error));

describe('the http SMS provider names the gateway by origin and path only', () => {
  it('on a refusal', async () => {
    reply = (res) => res.writeHead(401).end('bad key');
    const error = await failureOf(withKey(gatewayUrl));
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as Error).message).toContain(`（${gatewayUrl}）`);
    expect(loggedText(error)).not.toContain(QUERY_KEY);
  });

  it('on a timeout', async () => {
    reply = () => {};
    const error = await failureOf(withKey(gatewayUrl), 150);
    expect((error as Error).message).toContain(`（${gatewayUrl}）`);
    expect(loggedText(error)).not.toContain(QUERY_KEY);
  });

  it('when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/sms`;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failureOf(withKey(address), 1_000);
    expect((error as Error).message).toContain(`（${address}）`);
    expect(loggedText(error)).not.toContain(QUERY_KEY);
  });

  it('when the URL carries an account and password, which it never sends', async () => {
    const error = await failureOf(withKey(gatewayUrl.replace('http://', 'http://smsuser:Pa55word@')));
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as Error).message).toContain('SMS_HTTP_TOKEN');
    for (const secret of ['smsuser', 'Pa55word', QUERY_KEY]) expect(loggedText(error)).not.toContain(secret);
    expect(received).toEqual([]);
  });
});

describe('the member server with SMS_PROVIDER=http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: gatewayUrl, SMS_HTTP_TOKEN: 'gateway-token-2' },
    });
  });
  afterAll(() => t.close());

  it('texts the register code through the gateway and keeps nothing in the outbox', async () => {
    await t.reset();
    const temp = await registerVisitor(t);
    expect(received).toHaveLength(1);
    expect(received[0]?.headers.authorization).toBe('Bearer gateway-token-2');
    const body = received[0]?.body as { to: string; text: string; purpose: string };
    expect(body).toMatchObject({ to: VISITOR.mobile, purpose: 'register' });
    const code = /\d{6}/.exec(body.text)?.[0] ?? '';
    const verified = await call(t, 'register_verify', temp, { verify_code: code });
    expect(verified.json().rcrm.RC).toBe('C01');
    expect(await t.db.select().from(smsOutbox)).toEqual([]);
  });

  it('answers SYSTEM_ERROR without internals when the gateway refuses a resend, and counts no send', async () => {
    await t.reset();
    const temp = await registerVisitor(t);
    t.clock.advance(LIMITS.smsResendMs);
    reply = (res) => res.writeHead(400).end('number barred');
    const response = await call(t, 'resend_register_verify', temp);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ rcrm: { RC: 'SYSTEM_ERROR', RM: RC_MESSAGES.SYSTEM_ERROR }, results: {} });
    expect(await t.db.select().from(verificationCodes)).toHaveLength(1);
  });

  // A gateway that takes the message and then fails, or answers too late, may well have sent it:
  // counted, so that such a gateway never lets a caller text a mobile past its limits.
  it('counts a send whose gateway fails with a 5xx: the mobile gets no more than its sends in 24 hours', async () => {
    await t.reset();
    const temp = await registerVisitor(t);
    reply = (res) => res.writeHead(502).end('bad gateway');
    const answers: string[] = [];
    for (let resend = 0; resend < LIMITS.smsSendsPerWindow + 2; resend += 1) {
      t.clock.advance(LIMITS.smsResendMs);
      answers.push((await call(t, 'resend_register_verify', temp)).json().rcrm.RC);
    }
    // The first send went; every later try reached the gateway until the day's sends were spent.
    expect(received).toHaveLength(LIMITS.smsSendsPerWindow);
    expect(answers.slice(0, LIMITS.smsSendsPerWindow - 1)).toEqual(
      Array(LIMITS.smsSendsPerWindow - 1).fill('SYSTEM_ERROR'),
    );
    expect(answers.slice(LIMITS.smsSendsPerWindow - 1)).not.toContain('SYSTEM_ERROR');
    expect(await t.db.select().from(verificationCodes)).toHaveLength(LIMITS.smsSendsPerWindow);
  });
});

describe('the member server log when the gateway fails', () => {
  it('names the gateway by origin and path, never the key in its query', async () => {
    const logs = captureLogs();
    const t = await startTestApp({
      env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: withKey(gatewayUrl), SMS_HTTP_TOKEN: 'gateway-token-3' },
      logger: logs.logger,
    });
    try {
      reply = (res) => res.writeHead(500).end('internal gateway failure');
      const temp = await registerVisitor(t);
      t.clock.advance(LIMITS.smsResendMs);
      expect((await call(t, 'resend_register_verify', temp)).statusCode).toBe(500);
      expect(received.map((request) => request.url)).toEqual([
        `/v1/sms?api_key=${QUERY_KEY}`,
        `/v1/sms?api_key=${QUERY_KEY}`,
      ]);
      expect(logs.text()).toContain(gatewayUrl);
      expect(logs.text()).not.toContain(QUERY_KEY);
    } finally {
      await t.close();
    }
  });
});
