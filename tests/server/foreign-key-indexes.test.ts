import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';

// Deleting a member (the sweep of registrations never finished, a mobile registered again) makes
// PostgreSQL look up every row that refers to it, table by table, by the referring column. Without
// an index that begins with that column, each lookup reads the whole table: a few milliseconds per
// member at a few hundred thousand rows, for every member the sweep removes.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the schema', () => {
  it('has, for every foreign key, an index whose leading columns are the key’s', async () => {
    const { rows } = (await t.db.execute(sql`
      select c.conname as constraint, c.conrelid::regclass::text as table
      from pg_constraint c
      where c.contype = 'f'
        and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey
        )
      order by 1`)) as unknown as { rows: { constraint: string; table: string }[] };
    expect(rows).toEqual([]);
  });
});
