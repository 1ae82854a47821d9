import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EndpointName, isRC, RC_HTTP_STATUS } from '#protocol';
import { pathOf } from '../../server/lib/paths';
import { startTestApp, type TestApp } from './helpers/app';
import { setClock, WHILE_MISSIONS_RUN } from './helpers/catalog';
import { type TableContents, tableContents } from './helpers/database';
import type { World } from './helpers/fuzz/placeholders';
import { PLAIN_JSON_ENDPOINTS, plainJsonAttempts } from './helpers/fuzz/plain-json';
import { redirectLocationAttempts } from './helpers/fuzz/redirect-location';
import { type Attempt, toRequest } from './helpers/fuzz/requests';
import { SIGNED_ENDPOINTS, signedAttempts } from './helpers/fuzz/signed';
import { addTill, cardCode } from './helpers/member-card';
import { addMember, MEMBER, memberToken } from './helpers/members';
import { addClient, randomKeyFor } from './helpers/oauth';
import { forgotToken } from './helpers/password';
import { registerVisitor } from './helpers/registration';

// `npm run fuzz` runs many more; FUZZ_SEED replays a failure fast-check reported; a 5xx body
// never says why, so FUZZ_LOG=<file> writes the server's error log there.
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_301);
const LOG_FILE = process.env.FUZZ_LOG;
const TIMEOUT_MS = Math.max(60_000, RUNS * 250);

describe('whatever a client sends, the member server answers in the protocol’s shape and never with a 5xx', () => {
  describe('signed calls: broken bodies, wrong signatures, signed garbage and odd but well-formed parameters', () => {
    it.each(SIGNED_ENDPOINTS.map((name) => [pathOf(name), promise(name), name] as const))(
      'POST %s answers below 500, and %s',
      (_, __, name) => holdsFor(name, signedAttempts(name)),
      TIMEOUT_MS,
    );
  });

  describe('server-to-server calls (plain JSON): broken bodies, wrong types and odd but well-formed fields', () => {
    it.each(PLAIN_JSON_ENDPOINTS.map((name) => [pathOf(name), promise(name), name] as const))(
      'POST %s answers below 500, and %s',
      (_, __, name) => holdsFor(name, plainJsonAttempts(name)),
      TIMEOUT_MS,
    );
  });

  describe('the redirect location: any x_token, X-MMRM-TOKEN header and aes_key cookie', () => {
    it(
      `GET ${pathOf('redirectLocation')} answers below 500, and ${promise('redirectLocation')}`,
      () => holdsFor('redirectLocation', redirectLocationAttempts),
      TIMEOUT_MS,
    );
  });
});

// ---- The properties ------------------------------------------------------------------

let t: TestApp;
let world: World;
let before: TableContents;
/** Whether the last request may have changed the seeded world, which the next one then gets afresh. */
let dirty = false;

beforeAll(async () => {
  // The rate limit would answer 429 long before the runs are done, and hide the handlers behind it.
  t = await startTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '1000000' },
    logger: LOG_FILE ? { level: 'error', file: LOG_FILE } : false,
  });
  // While the seeded missions run, so that task_information's answers with a mission are tried too.
  setClock(t, WHILE_MISSIONS_RUN);
  await seedWorld();
});
afterAll(() => t.close());

/** What a call's answers promise about the tables. */
const promise = (endpoint: EndpointName) =>
  READ_ONLY.includes(endpoint) ? 'changes no table' : 'changes no table unless it answers C01';

/** Calls that change nothing even when they answer C01. */
const READ_ONLY: EndpointName[] = [
  'compareEcMember',
  'checkMobile',
  'registerCheck',
  'briefTerm',
  'taskInformation',
  'pointInformation',
  'couponInformation',
  'brandInformation',
  'briefCopywritingConfig',
  'oauthInfo',
  'getMemberProfile',
  'redirectLocation',
];
/** A wrong password may start the count of a mobile not counted before: one lockout row more, never two. */
const WRONG_PASSWORD = ['PASSWORD_INCORRECT', 'ACCOUNT_LOCKED'];
const WRONG_CODE = ['VERIFY_CODE_INCORRECT', 'VERIFY_CODE_TOO_MANY_ATTEMPTS'];
/**
 * The tables a refusal may write: the one thing a refusal leaves behind is a try counted against a
 * limit. Every other row of every table stays as it was.
 */
const mayWrite = (rc: string): string[] => [
  // A password is counted before it is checked, so that parallel guesses cannot outrun the lockout,
  // and forgiven when right: a call refused after a right password (the new password is the old
  // one) leaves the count's row with a later last attempt.
  'login_attempts',
  // A wrong code uses up one of the code's tries, so it cannot be guessed without end.
  ...(WRONG_CODE.includes(rc) ? ['verification_codes'] : []),
];
const changedTables = (after: TableContents) =>
  Object.keys({ ...before, ...after }).filter(
    (table) => JSON.stringify(after[table]) !== JSON.stringify(before[table]),
  );

async function holdsFor(endpoint: EndpointName, attempts: fc.Arbitrary<Attempt>): Promise<void> {
  await fc.assert(
    fc.asyncProperty(attempts, async (attempt) => {
      if (dirty) await seedWorld();
      const request = toRequest(endpoint, attempt, world, t.clock.now());
      const response = await t.app.inject(request);
      // Each request meets the world as seeded, so a counterexample replays alone.
      dirty = true;
      const after = await tableContents(t.db);
      const changed = changedTables(after);
      const rc = protocolAnswer(endpoint, `${request.method} ${request.url}`, response);
      if (rc !== 'C01' || READ_ONLY.includes(endpoint)) {
        const allowed = READ_ONLY.includes(endpoint) && rc === 'C01' ? [] : mayWrite(rc);
        expect(
          changed.filter((table) => !allowed.includes(table)),
          `${rc} changed a table`,
        ).toEqual([]);
        const tries = (after.login_attempts?.length ?? 0) - (before.login_attempts?.length ?? 0);
        expect(WRONG_PASSWORD.includes(rc) ? [0, 1] : [0], `${rc} added lockout rows`).toContain(tries);
      }
      dirty = changed.length > 0 || (rc === 'C01' && !READ_ONLY.includes(endpoint));
    }),
    { numRuns: RUNS, seed: SEED },
  );
}

/** The answer's RC, once its status is below 500 and its body is `{rcrm: {RC, RM}, results}` with the status its RC calls for. */
function protocolAnswer(endpoint: EndpointName, call: string, response: LightMyRequestResponse): string {
  const said = `${call} answered HTTP ${response.statusCode}: ${response.body.slice(0, 500)}`;
  if (response.statusCode >= 500) throw new Error(said);
  let body: { rcrm?: { RC?: unknown; RM?: unknown }; results?: unknown };
  try {
    body = response.json();
  } catch {
    throw new Error(`not JSON: ${said}`);
  }
  const rc = body.rcrm?.RC;
  const shaped =
    isRC(rc) &&
    typeof body.rcrm?.RM === 'string' &&
    typeof body.results === 'object' &&
    body.results !== null &&
    !Array.isArray(body.results);
  if (!shaped) throw new Error(`not the protocol's shape: ${said}`);
  // A till's wrong key is an HTTP 401, as bearer-token APIs answer (RFC 6750).
  const status = endpoint === 'posVerifyMemberCard' && rc === 'TOKEN_INVALID' ? 401 : (RC_HTTP_STATUS[rc] ?? 200);
  if (response.statusCode !== status) throw new Error(`wrong status for ${rc}: ${said}`);
  return rc;
}

/**
 * One member with a live member token, a recovery under way and a card code showing, one
 * registration waiting for its code, one OAuth hop, one store till.
 */
async function seedWorld(): Promise<void> {
  await t.reset();
  await addMember(t);
  const client = await addClient(t);
  world = {
    memberToken: await memberToken(t),
    forgotToken: await forgotToken(t, MEMBER.mobile),
    registerToken: await registerVisitor(t),
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    randomKey: await randomKeyFor(t, client),
    tillKey: (await addTill(t)).apiKey,
    cardCode: '',
  };
  // Past the 60 s between two codes, so a resend may go through.
  t.clock.advance(61_000);
  world.cardCode = await cardCode(t, world.memberToken);
  before = await tableContents(t.db);
  dirty = false;
}
