import { beforeEach, describe, expect, it } from 'vitest';
import { memberCardScans } from '../../server/db/schema';
import { addTill, cardCode, scan } from './helpers/member-card';
import { addMember, memberToken } from './helpers/members';
import { twoInstancesOverOneDatabase } from './helpers/two-instances';

const servers = twoInstancesOverOneDatabase();
beforeEach(() => servers.first.reset());

describe('one code scanned by many tills at the same instant', () => {
  it('is accepted exactly once across two server instances, with one audit row', async () => {
    await addMember(servers.first);
    const code = await cardCode(servers.first, await memberToken(servers.first));
    const tills = await Promise.all(
      Array.from({ length: 20 }, (_, i) => addTill(servers.first, `信義店 ${i + 1} 號機`)),
    );
    const answers = await Promise.all(
      tills.map(async (till, i) => (await scan(i % 2 ? servers.second : servers.first, till, code)).json().rcrm.RC),
    );
    expect(answers.filter((rc) => rc === 'C01')).toHaveLength(1);
    expect(answers.filter((rc) => rc === 'CARD_CODE_USED')).toHaveLength(19);
    expect(await servers.first.db.select().from(memberCardScans)).toHaveLength(1);
  });
});
