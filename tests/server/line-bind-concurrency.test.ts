import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityBindings } from '../../server/db/schema';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { bindData, type FakeLine, lineUserId, startFakeLine } from './helpers/fake-line';
import { addMember, MEMBER, memberToken } from './helpers/members';
import { changePassword, rc } from './helpers/password';

// A LINE binding ends with the password (decision 0024). A bind that checked its session before a
// password change elsewhere, then waited on LINE, must not bind once the change has ended that session.

let line: FakeLine;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  line = await startFakeLine();
  first = await startTestApp({ env: { LINE_API_BASE: line.url } });
  // A second server process over the same database, as behind a load balancer.
  second = await startTestApp({ env: { LINE_API_BASE: line.url }, shareDatabaseWith: first });
});
afterAll(async () => {
  await second.close();
  await first.close();
  await line.close();
});
beforeEach(async () => {
  await first.reset();
  await addMember(first);
});

const bind = (app: TestApp, token: string, lineToken: string) =>
  rc(postSigned(app, '/api/member/bind_third_party', { token, request_parameter: bindData(lineToken) }));

describe('a LINE bind racing a password change made on another phone', () => {
  it('binds nothing when the change ends its session while it waits on LINE', async () => {
    let answerLine: () => void = () => {};
    line.token('other-phone-line', {
      kind: 'valid',
      userId: lineUserId(7),
      heldBy: new Promise((resolve) => {
        answerLine = resolve;
      }),
    });
    const otherPhone = await memberToken(first);
    const owner = await memberToken(first);
    const binding = bind(second, otherPhone, 'other-phone-line');
    // The bind has checked its session and waits on LINE; meanwhile the owner changes the password.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rc(changePassword(first, owner, MEMBER.password, 'fresh2026'))).toBe('C01');
    answerLine();
    expect(await binding).toBe('TOKEN_INVALID');
    expect(await first.db.select().from(identityBindings)).toEqual([]);
  });

  it('leaves no binding behind a change, however 10 binds and the change meet at once on two instances', async () => {
    for (let n = 0; n < 10; n++) line.token(`line-${n}`, { kind: 'valid', userId: lineUserId(100 + n) });
    // Signed in one after another: logins in flight together count against the lockout.
    const phones: string[] = [];
    for (let n = 0; n < 10; n++) phones.push(await memberToken(first));
    const owner = await memberToken(first);
    const [change, ...binds] = await Promise.all([
      rc(changePassword(first, owner, MEMBER.password, 'fresh2026')),
      ...phones.map((phone, n) => bind(n % 2 ? second : first, phone, `line-${n}`)),
    ]);
    expect(change).toBe('C01');
    // Whatever bound before the change was ended by it; whatever came after found its session ended.
    expect(await first.db.select().from(identityBindings)).toEqual([]);
    for (const answer of binds) expect(['C01', 'TOKEN_INVALID', 'LINE_ALREADY_BOUND']).toContain(answer);
  });
});
