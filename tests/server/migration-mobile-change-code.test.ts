import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../server/db/migrations-folder';

// The migration that binds each waiting mobile change to its code, run on a database that has
// requests waiting: each keeps the code that confirmed it until then.

const BINDING = '0012_mobile_change_code';

/** The committed migrations up to, not including, `tag`, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

let client: PGlite;
let earlier: string;

beforeAll(async () => {
  client = await PGlite.create();
  earlier = migrationsBefore(BINDING);
});
afterAll(async () => {
  await client.close();
  rmSync(earlier, { recursive: true, force: true });
});

const member = (mobile: string) =>
  client.query<{ id: string }>(
    `insert into members (mobile, name, password_hash, referral_code) values ($1, '王小明', 'x', $1) returning id`,
    [mobile],
  );
const code = (mobile: string, sentAt: string) =>
  client.query<{ id: string }>(
    `insert into verification_codes (mobile, purpose, code_hash, sent_at, expires_at)
     values ($1, 'mobile_change', 'x', $2, $2::timestamptz + interval '10 minutes') returning id`,
    [mobile, sentAt],
  );

describe(`migration ${BINDING}`, () => {
  it('gives each waiting request the newest code sent to its mobile since it was asked for', async () => {
    await migrate(drizzle(client), { migrationsFolder: earlier });
    const waiting = (await member('0912000001')).rows[0]?.id;
    const unsent = (await member('0912000002')).rows[0]?.id;
    await code('0966000001', '2025-03-01T01:00:00Z');
    const resent = (await code('0966000001', '2025-03-01T02:01:00Z')).rows[0]?.id;
    await code('0966000001', '2025-03-01T01:59:00Z');
    // A code of another purpose, and one sent before the second request, confirm neither.
    await client.query(
      `insert into verification_codes (mobile, purpose, code_hash, sent_at, expires_at)
       values ('0966000001', 'register', 'x', '2025-03-01T02:05:00Z', '2025-03-01T02:15:00Z')`,
    );
    await code('0966000002', '2025-03-01T01:00:00Z');
    await client.query(
      `insert into pending_mobile_changes (member_id, new_mobile, requested_at, expires_at) values
       ($1, '0966000001', '2025-03-01T02:00:00Z', '2025-03-01T02:31:00Z'),
       ($2, '0966000002', '2025-03-01T02:00:00Z', '2025-03-01T02:30:00Z')`,
      [waiting, unsent],
    );

    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });

    const rows = await client.query<{ member_id: string; code_id: string | null }>(
      'select member_id, code_id from pending_mobile_changes order by new_mobile',
    );
    expect(rows.rows).toEqual([
      { member_id: waiting, code_id: resent },
      { member_id: unsent, code_id: null },
    ]);
  });
});
