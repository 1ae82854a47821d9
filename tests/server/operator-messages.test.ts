import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argumentsProblem } from '../../server/cli/run';
import { failureText } from '../../server/lib/logger';
import { createTestDatabase, type TestDatabase } from './helpers/database';

// The operator commands' refusals and failures, in the words their zh-TW output uses.

const refusalOf = (args: string[]) => {
  try {
    parseArgs({ args, options: { name: { type: 'string' }, ec: { type: 'boolean' } }, allowPositionals: false });
  } catch (error) {
    return argumentsProblem(error);
  }
  throw new Error(`parseArgs took ${args.join(' ')}`);
};

describe("an operator command's arguments", () => {
  it.each([
    [['--colour', 'red'], '不認得的選項 --colour'],
    [['--name'], '選項 --name 需要一個值'],
    [['--name', '--ec'], '選項 --name 需要一個值'],
    [['--ec=yes'], '選項 --ec 不需要值'],
    [['--name', '店', 'extra'], '多餘的參數 extra'],
  ])('%j is refused as %s', (args, problem) => {
    expect(refusalOf(args)).toBe(problem);
  });

  it('says something plain about a refusal it does not know', () => {
    expect(argumentsProblem(new Error('something else'))).toBe('無法讀懂這些參數');
  });
});

describe("an operator command's failure", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.close());

  it('names a failed query and its SQLSTATE, never the statement or its values', async () => {
    const secretHash = 'ab'.repeat(32);
    const failure = await testDb.database.db
      .execute(sql`select * from no_such_table where secret_hash = ${secretHash}`)
      .then(
        () => null,
        (error: unknown) => error,
      );
    const text = failureText(failure);
    expect(text).toMatch(/^資料庫查詢失敗：.*（42P01）$/);
    expect(text).not.toContain(secretHash);
    expect(text.toLowerCase()).not.toContain('select');
  });

  it('masks a secret in an ordinary error', () => {
    const token = 'A'.repeat(43);
    expect(failureText(new Error(`token ${token} refused`))).toBe('token [redacted] refused');
  });
});
