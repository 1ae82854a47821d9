import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { checkLineToken } from '../../server/modules/line/line-api';
import { postSigned, startTestApp, TEST_ENV, type TestApp, testConfig } from './helpers/app';
import { bindData, type FakeLine, startFakeLine } from './helpers/fake-line';
import { addMember, memberToken } from './helpers/members';

const DEVICE = '0b6e1a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const OTHER_DEVICE = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

let line: FakeLine;
let demo: TestApp;

beforeAll(async () => {
  line = await startFakeLine();
  // No LIFF app configured: demo LINE.
  demo = await startTestApp({ env: { LIFF_ID: '', LINE_CHANNEL_ID: '', LINE_API_BASE: line.url } });
});
afterAll(async () => {
  await demo.close();
  await line.close();
});
beforeEach(async () => {
  await demo.reset();
  line.requests.length = 0;
});

const lineLogin = (t: TestApp, lineToken: string) =>
  postSigned(t, '/app-api/member/login_with_provider', { request_parameter: bindData(lineToken) });

describe('demo LINE (no LIFF_ID)', () => {
  it('takes each browser demo token as one LINE user, bindable and then signed in, without calling LINE', async () => {
    expect(demo.config.demoLine).toBe(true);
    await addMember(demo);
    expect((await lineLogin(demo, `demo.${DEVICE}`)).json().rcrm.RC).toBe('LINE_NOT_BOUND');
    const bound = await postSigned(demo, '/api/member/bind_third_party', {
      token: await memberToken(demo),
      request_parameter: bindData(`demo.${DEVICE}`),
    });
    expect(bound.json().rcrm.RC).toBe('C01');
    expect((await lineLogin(demo, `demo.${DEVICE.toUpperCase()}`)).json().rcrm.RC).toBe('C01');
    expect((await lineLogin(demo, `demo.${OTHER_DEVICE}`)).json().rcrm.RC).toBe('LINE_NOT_BOUND');
    expect(line.requests).toEqual([]);
  });

  it.each(['demo.not-a-uuid', 'real-looking-token', `demo.${DEVICE}x`])('refuses %s', async (token) => {
    expect((await lineLogin(demo, token)).json().rcrm.RC).toBe('LINE_TOKEN_INVALID');
  });
});

describe('outside demo mode', () => {
  it('sends a demo token to LINE like any other, and LINE refuses it', async () => {
    const real = await startTestApp({ env: { LINE_API_BASE: line.url } });
    try {
      expect((await lineLogin(real, `demo.${DEVICE}`)).json().rcrm.RC).toBe('LINE_TOKEN_INVALID');
      expect(line.requests.map((r) => r.path)).toEqual([`/oauth2/v2.1/verify?access_token=demo.${DEVICE}`]);
    } finally {
      await real.close();
    }
  });

  it('refuses to start in production without a LIFF app, and the demo rule accepts nothing there', async () => {
    expect(() => loadConfig({ ...TEST_ENV, NODE_ENV: 'production', LIFF_ID: '', SMS_PROVIDER: 'http' })).toThrowError(
      ConfigError,
    );
    const config = { ...testConfig({ LIFF_ID: '', LINE_CHANNEL_ID: '' }), production: true };
    expect(await checkLineToken(config, `demo.${DEVICE}`)).toEqual({ ok: false, reason: 'rejected' });
  });
});
