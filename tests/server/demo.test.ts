import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../../server/config';
import { members } from '../../server/db/schema';
import { ensureDemoMember } from '../../server/modules/members/service';
import { envelopePlugin } from '../../server/plugins/envelope';
import { startTestApp, type TestApp } from './helpers/app';
import { loginAs } from './helpers/members';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('demo member', () => {
  it('is created, verified, on an empty database and logs in with the printed password', async () => {
    expect(await ensureDemoMember(t.db, t.clock.now())).toBe(true);
    const [member] = await t.db.select().from(members);
    expect(member).toMatchObject({ mobile: DEMO_MEMBER.mobile, name: DEMO_MEMBER.name, isVerified: true });
    expect((await loginAs(t, DEMO_MEMBER.mobile, DEMO_MEMBER.password)).json().rcrm.RC).toBe('C01');
  });

  it('is not created again once members exist', async () => {
    expect(await ensureDemoMember(t.db, t.clock.now())).toBe(false);
    expect(await t.db.select().from(members)).toHaveLength(1);
  });
});

describe('envelope plugin', () => {
  it('refuses to start with a POST route that declares no envelope schema', async () => {
    const app = Fastify();
    await app.register(envelopePlugin, { signKey: 'k', now: () => new Date() });
    expect(() => app.post('/unsigned', async () => ({}))).toThrow(/config.envelope/);
    await app.close();
  });
});
