import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberCardScans } from '../../server/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import { addTill, cardCode, scan } from './helpers/member-card';
import { addMember, memberToken } from './helpers/members';

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await startTestApp();
  // A second server process over the same database, as behind a load balancer.
  second = await startTestApp({ shareDatabaseWith: first });
});
afterAll(async () => {
  await second.close();
  await first.close();
});
beforeEach(() => first.reset());

describe('one code scanned by many tills at the same instant', () => {
  it('is accepted exactly once across two server instances, with one audit row', async () => {
    await addMember(first);
    const code = await cardCode(first, await memberToken(first));
    const tills = await Promise.all(Array.from({ length: 20 }, (_, i) => addTill(first, `信義店 ${i + 1} 號機`)));
    const answers = await Promise.all(
      tills.map(async (till, i) => (await scan(i % 2 ? second : first, till, code)).json().rcrm.RC),
    );
    expect(answers.filter((rc) => rc === 'C01')).toHaveLength(1);
    expect(answers.filter((rc) => rc === 'CARD_CODE_USED')).toHaveLength(19);
    expect(await first.db.select().from(memberCardScans)).toHaveLength(1);
  });
});
