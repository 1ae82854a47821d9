import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/config';
import { memberTokens } from '../../server/db/schema';
import {
  issueToken,
  markTokenVerified,
  revokeMemberTokens,
  revokeToken,
  verifyToken,
} from '../../server/modules/tokens/service';
import { startTestApp, type TestApp } from './helpers/app';
import { addMember } from './helpers/members';

let t: TestApp;
let memberId: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  memberId = (await addMember(t)).id;
});

describe('token service', () => {
  it('verifies a member token for its member until it expires', async () => {
    const { token, tokenId } = await issueToken(t.db, memberId, { kind: 'member' }, t.clock.now());
    expect(await verifyToken(t.db, token, { kind: 'member' }, t.clock.now())).toMatchObject({
      tokenId,
      memberId,
      verifiedAt: null,
    });
    t.clock.advance(LIMITS.memberTokenMs);
    expect(await verifyToken(t.db, token, { kind: 'member' }, t.clock.now())).toBeNull();
  });

  it('records when the code sent with a temp token was entered right', async () => {
    const spec = { kind: 'temp', purpose: 'forgot_password' } as const;
    const { token, tokenId } = await issueToken(t.db, memberId, spec, t.clock.now());
    t.clock.advance(60_000);
    await markTokenVerified(t.db, tokenId, t.clock.now());
    expect(await verifyToken(t.db, token, spec, t.clock.now())).toMatchObject({
      tokenId,
      memberId,
      verifiedAt: t.clock.now(),
    });
  });

  it('binds a temp token to its purpose and to 30 minutes', async () => {
    const { token } = await issueToken(t.db, memberId, { kind: 'temp', purpose: 'forgot_password' }, t.clock.now());
    const now = t.clock.now();
    expect(await verifyToken(t.db, token, { kind: 'temp', purpose: 'forgot_password' }, now)).not.toBeNull();
    expect(await verifyToken(t.db, token, { kind: 'temp', purpose: 'register' }, now)).toBeNull();
    expect(await verifyToken(t.db, token, { kind: 'member' }, now)).toBeNull();
    t.clock.advance(LIMITS.tempTokenMs);
    expect(await verifyToken(t.db, token, { kind: 'temp', purpose: 'forgot_password' }, t.clock.now())).toBeNull();
  });

  it('refuses tokens that are empty, malformed or unknown without asking twice', async () => {
    for (const token of [null, undefined, '', 'short', `${'A'.repeat(43)}'--`, 'B'.repeat(43)]) {
      expect(await verifyToken(t.db, token, { kind: 'member' }, t.clock.now())).toBeNull();
    }
  });

  it('revokes one token, or all of a member’s but the current one', async () => {
    const now = t.clock.now();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => issueToken(t.db, memberId, { kind: 'member' }, now)));
    if (!a || !b || !c) throw new Error('tokens not issued');
    await revokeToken(t.db, a.tokenId, now);
    expect(await verifyToken(t.db, a.token, { kind: 'member' }, now)).toBeNull();
    await revokeMemberTokens(t.db, memberId, now, c.tokenId);
    expect(await verifyToken(t.db, b.token, { kind: 'member' }, now)).toBeNull();
    expect(await verifyToken(t.db, c.token, { kind: 'member' }, now)).not.toBeNull();
    await revokeMemberTokens(t.db, memberId, now);
    expect(await verifyToken(t.db, c.token, { kind: 'member' }, now)).toBeNull();
  });

  it('stores no token in clear', async () => {
    const { token } = await issueToken(t.db, memberId, { kind: 'member' }, t.clock.now());
    expect(JSON.stringify(await t.db.select().from(memberTokens))).not.toContain(token);
  });
});
