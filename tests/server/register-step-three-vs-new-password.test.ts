import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { members } from '../../server/db/schema';
import { enc } from './helpers/app';
import { untilAStatementWaitsOnALock } from './helpers/holds';
import { call, latestCode, rcOf, registerVisitor, VISITOR } from './helpers/registration';
import { twoInstancesOverOneDatabase } from './helpers/two-instances';

// Step 3 of a registration uses up its temp token and writes the member; a password reset (the
// mobile's owner taking back a registration someone else made) or the lapsed-registration sweep
// takes the member's row first and then ends its tokens. A step 3 that held its token and then
// waited for the member would wait on the reset while the reset waits on it, and PostgreSQL would
// end one of them with an error (a 500). Only PostgreSQL runs the two side by side.
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres)
  console.log('Step 3 meeting a password reset half-way is tested on PostgreSQL only (CI sets DATABASE_URL).');

const servers = twoInstancesOverOneDatabase();

describe('step 3 of a registration that meets a password reset half-way', () => {
  it.skipIf(!onPostgres).each([
    ['skipping the code', (token: string) => rcOf(call(servers.second, 'register_skip_verify', token))],
    [
      'entering the code',
      async (token: string) =>
        rcOf(
          call(servers.second, 'register_verify', token, {
            verify_code: await latestCode(servers.first, VISITOR.mobile),
          }),
        ),
    ],
    [
      'changing the mobile',
      (token: string) => rcOf(call(servers.second, 'update_register_mobile', token, { mobile: enc('0955000111') })),
    ],
  ])('%s waits for the reset, then is refused: both answer', async (_, stepThree) => {
    await servers.first.reset();
    const token = await registerVisitor(servers.first);
    const [member] = await servers.first.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.mobile, VISITOR.mobile));
    const reset = new pg.Client({ connectionString: servers.first.testDatabase.url ?? '' });
    await reset.connect();
    try {
      // As a reset takes them: the member's row first, then every token of the member.
      await reset.query('begin');
      await reset.query('select id from members where id = $1 for update', [member?.id]);
      const stepping = stepThree(token);
      await untilAStatementWaitsOnALock(servers.first.testDatabase.url);
      await reset.query('update member_tokens set revoked_at = now() where member_id = $1', [member?.id]);
      await reset.query('commit');

      expect(await stepping).toBe('TOKEN_INVALID');
    } finally {
      await reset.end();
    }
  });
});
