import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../server/config';
import { members, memberTokens, pendingMobileChanges, verificationCodes } from '../../server/db/schema';
import { sweepOnce } from '../../server/modules/housekeeping/sweep';
import { enc, postSigned, type TestApp } from './helpers/app';
import { oneHold, untilAStatementWaitsOnALock } from './helpers/holds';
import { addMember, MEMBER, memberToken } from './helpers/members';
import { forgetPassword, rc } from './helpers/password';
import { NEW_MOBILE, requestMobileChange } from './helpers/profile';
import { outbox, registerPayload, registerVisitor, VISITOR } from './helpers/registration';
import { twoInstancesOverOneDatabase } from './helpers/two-instances';

// A forgot-password and a mobile-change request write a row of their own that references the
// member (the temp token, the pending request) in the transaction that records the SMS code. The
// code's send limits take advisory locks, the last of them the whole deployment's: a row written
// after them that waits on the member's row (held by a password change, a profile save) would make
// every SMS send in the deployment wait too, until PostgreSQL's statement timeout ended them.
// The code is hashed (argon2) between the look at the member and that transaction, so a test can
// hold a send there while the member's registration lapses and is swept.
let beforeHash: (() => Promise<void>) | null = null;
vi.mock('../../server/lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/lib/passwords')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      const hold = beforeHash;
      beforeHash = null;
      await hold?.();
      return real.hashPassword(password);
    },
  };
});

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres)
  console.log(
    'The SMS sends that meet a member row another transaction holds are tested on PostgreSQL only (CI sets DATABASE_URL).',
  );

const OTHER = { mobile: '0922000111', name: '陳大文' } as const;

const servers = twoInstancesOverOneDatabase();
let memberId: string;
beforeEach(async () => {
  beforeHash = null;
  await servers.first.reset();
  memberId = (await addMember(servers.first)).id;
});

/** Holds the next argon2 hash (a send's code) until `release`; `held` resolves once a call waits there. */
function holdTheNextHash() {
  const hold = oneHold();
  beforeHash = hold.wait;
  return hold;
}

const forgetPasswordFrom = (t: TestApp, mobile: string, address: string) =>
  postSigned(
    t,
    '/app-api/member/v1.2/forget_password',
    { request_parameter: { mobile: enc(mobile) } },
    { from: address },
  );
const registerFrom = (t: TestApp, mobile: string, address: string) =>
  postSigned(
    t,
    '/app-api/member/register',
    { request_parameter: { register: registerPayload({ mobile }) } },
    { from: address },
  );

const tempTokens = () =>
  servers.first.db
    .select({ memberId: memberTokens.memberId })
    .from(memberTokens)
    .where(eq(memberTokens.purpose, 'forgot_password'));
const pendingOf = (id: string) =>
  servers.first.db
    .select({ newMobile: pendingMobileChanges.newMobile })
    .from(pendingMobileChanges)
    .where(eq(pendingMobileChanges.memberId, id));

/** The member's row held as a password change holds it, by a transaction of the test's own, until `commit`. */
async function holdMemberRow(id: string) {
  const change = new pg.Client({ connectionString: servers.first.testDatabase.url ?? '' });
  await change.connect();
  await change.query('begin');
  await change.query('select id from members where id = $1 for update', [id]);
  return { commit: () => change.query('commit'), end: () => change.end() };
}

/** Whether the call has answered yet, read at any moment. */
function watched<T>(call: Promise<T>): { call: Promise<T>; answered: () => boolean } {
  let answered = false;
  const settled = call.finally(() => {
    answered = true;
  });
  return { call: settled, answered: () => answered };
}

describe('an SMS send that waits on its member’s row, held by a change', () => {
  // Only PostgreSQL lets one transaction wait on a row while others run; PGlite runs one at a time.
  it.skipIf(!onPostgres)(
    'a forgot-password waits before the send limits: another member’s forgot-password, from another address, is answered meanwhile',
    async () => {
      await addMember(servers.first, { ...OTHER, password: MEMBER.password });
      const change = await holdMemberRow(memberId);
      try {
        const forgetting = watched(forgetPassword(servers.first, MEMBER.mobile));
        await untilAStatementWaitsOnALock(servers.first.testDatabase.url);

        // Another member's send, from another address through the other instance, does not queue behind it.
        expect(await rc(forgetPasswordFrom(servers.second, OTHER.mobile, '203.0.113.20'))).toBe('C01');
        expect(forgetting.answered()).toBe(false);
        await change.commit();

        expect(await rc(forgetting.call)).toBe('C01');
        expect(await outbox(servers.first, MEMBER.mobile)).toHaveLength(1);
        expect(await tempTokens()).toHaveLength(2);
      } finally {
        await change.end();
      }
    },
  );

  it.skipIf(!onPostgres)(
    'a mobile-change request waits before the send limits: a registration, from another address, is answered meanwhile',
    async () => {
      const session = await memberToken(servers.first);
      const change = await holdMemberRow(memberId);
      try {
        const requesting = watched(requestMobileChange(servers.first, session));
        await untilAStatementWaitsOnALock(servers.first.testDatabase.url);

        // Someone else's send, from another address through the other instance, does not queue behind it.
        expect(await rc(registerFrom(servers.second, VISITOR.mobile, '203.0.113.21'))).toBe('C01');
        expect(requesting.answered()).toBe(false);
        await change.commit();

        expect(await rc(requesting.call)).toBe('C01');
        expect(await outbox(servers.first, NEW_MOBILE)).toHaveLength(1);
        expect(await pendingOf(memberId)).toEqual([{ newMobile: NEW_MOBILE }]);
      } finally {
        await change.end();
      }
    },
  );
});

describe('a forgot-password for a registration that lapses while its code is hashed', () => {
  it('is answered as an unknown mobile once the sweep has removed it, keeping and texting nothing', async () => {
    const t = servers.first;
    await registerVisitor(t);
    const hashing = holdTheNextHash();
    const forgetting = forgetPassword(t, VISITOR.mobile);
    await hashing.held;
    // The registration lapses, and the housekeeping sweep removes it.
    t.clock.advance(LIMITS.tempTokenMs);
    await sweepOnce(t.db, t.clock.now(), t.app.log);
    expect(await t.db.select().from(members).where(eq(members.mobile, VISITOR.mobile))).toEqual([]);
    hashing.release();

    const answer = await forgetting;
    expect(answer.statusCode).toBe(200);
    expect(answer.json().rcrm.RC).toBe('MEMBER_IS_NOT_EXIST');
    expect(await tempTokens()).toEqual([]);
    expect(await t.db.select().from(verificationCodes).where(eq(verificationCodes.purpose, 'forgot_password'))).toEqual(
      [],
    );
    expect((await outbox(t, VISITOR.mobile)).filter((message) => message.purpose === 'forgot_password')).toEqual([]);
  });
});

describe('a send the limits refuse at the last count, after its own row is written', () => {
  it('a forgot-password keeps no code of its own, and is given a token for the one that was sent', async () => {
    const hashing = holdTheNextHash();
    const first = forgetPassword(servers.first, MEMBER.mobile);
    await hashing.held;
    expect(await rc(forgetPassword(servers.second, MEMBER.mobile))).toBe('C01');
    hashing.release();

    expect(await rc(first)).toBe('C01');
    expect(await tempTokens()).toHaveLength(2);
    expect(await outbox(servers.first, MEMBER.mobile)).toHaveLength(1);
  });

  it('a mobile-change request leaves the member’s pending request as it was', async () => {
    const session = await memberToken(servers.first);
    expect(await rc(requestMobileChange(servers.first, session))).toBe('C01');
    servers.first.clock.advance(LIMITS.smsResendMs);
    const other = await addMember(servers.first, { ...OTHER, password: MEMBER.password });
    const otherSession = await memberToken(servers.first, OTHER.mobile);

    // Both ask to move to the same free mobile at once: the other's code goes first.
    const hashing = holdTheNextHash();
    const requesting = requestMobileChange(servers.first, session, '0977888999');
    await hashing.held;
    expect(await rc(requestMobileChange(servers.second, otherSession, '0977888999'))).toBe('C01');
    hashing.release();

    expect(await rc(requesting)).toBe('SMS_RESEND_TOO_SOON');
    expect(await pendingOf(memberId)).toEqual([{ newMobile: NEW_MOBILE }]);
    expect(await pendingOf(other.id)).toEqual([{ newMobile: '0977888999' }]);
  });
});
