import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD_STEP_SECONDS, cardStepAt, oneTimePassword, RC_MESSAGES, taipeiTimestamp } from '#protocol';
import { memberCardScans, memberCards } from '../../server/db/schema';
import { revokeTerminal } from '../../server/modules/member-card/service';
import { startTestApp, type TestApp } from './helpers/app';
import { type TableContents, tableContents } from './helpers/database';
import { addTill, cardCode, fetchCard, scan, type TestTill, VERIFY_URL } from './helpers/member-card';
import { addMember, MEMBER, memberToken } from './helpers/members';
import { postPlain } from './helpers/oauth';

let t: TestApp;
let till: TestTill;
let token: string;
let memberId: string;

const STEP_MS = CARD_STEP_SECONDS * 1000;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  memberId = (await addMember(t)).id;
  token = await memberToken(t);
  till = await addTill(t);
});

const rcOf = async (code: unknown, by: Pick<TestTill, 'apiKey'> = till) => (await scan(t, by, code)).json().rcrm.RC;
const scans = () => t.db.select().from(memberCardScans);

describe('POST /pos-api/v1/member_card/verify accepts a code the member’s card shows', () => {
  it('answers the member’s stable id, name, masked mobile and verification, not cached', async () => {
    const response = await scan(t, till, await cardCode(t, token));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      rcrm: { RC: 'C01', RM: RC_MESSAGES.C01 },
      results: { member_id: memberId, name: MEMBER.name, mobile_masked: '0911-***-333', is_verified: true },
    });
  });

  it('writes one audit row: which till, which member, when', async () => {
    await scan(t, till, await cardCode(t, token));
    expect(await scans()).toEqual([
      expect.objectContaining({ memberId, terminalId: till.id, scannedAt: t.clock.now() }),
    ]);
  });

  it('accepts a code up to the end of the second step after its own: at most 90 seconds', async () => {
    const startOfStep = (cardStepAt(t.clock.now().getTime()) + 1) * STEP_MS;
    t.clock.advance(startOfStep - t.clock.now().getTime());
    const code = await cardCode(t, token);
    t.clock.advance(3 * STEP_MS - 1);
    expect(await rcOf(code)).toBe('C01');
  });
});

describe('a till that sends a scan again, its answer lost on the way', () => {
  it('is answered as before, with no second audit row: the code was accepted, at this very till', async () => {
    const code = await cardCode(t, token);
    const first = (await scan(t, till, code)).json();
    expect(first.rcrm.RC).toBe('C01');
    t.clock.advance(STEP_MS);
    const again = await scan(t, till, code);
    expect(again.json()).toEqual(first);
    expect(await scans()).toHaveLength(1);
  });

  it('is refused once the member has shown a later code: the card has moved on', async () => {
    const code = await cardCode(t, token);
    expect(await rcOf(code)).toBe('C01');
    t.clock.advance(STEP_MS);
    expect(await rcOf(await cardCode(t, token), await addTill(t, '南西店 2 號機'))).toBe('C01');
    expect(await rcOf(code)).toBe('CARD_CODE_USED');
  });
});

/**
 * A refusal leaves every row as it was, the card's last accepted step included, and the code the
 * member's card shows still scans: anyone who knows a card number must not block the member's card.
 */
async function expectCardUntouched(before: TableContents): Promise<void> {
  expect(await tableContents(t.db)).toEqual(before);
  expect(await rcOf(await cardCode(t, token))).toBe('C01');
}

describe('it refuses, changing nothing', () => {
  it('a code seen once already', async () => {
    const code = await cardCode(t, token);
    expect(await rcOf(code)).toBe('C01');
    const otherTill = await addTill(t, '南西店 2 號機');
    const before = await tableContents(t.db);
    const response = await scan(t, otherTill, code);
    expect(response.json()).toEqual({ rcrm: { RC: 'CARD_CODE_USED', RM: RC_MESSAGES.CARD_CODE_USED }, results: {} });
    // This step's code was accepted: the member's live code is the next one.
    t.clock.advance(STEP_MS);
    await expectCardUntouched(before);
  });

  it('an earlier code once a later one was accepted', async () => {
    const earlier = await cardCode(t, token);
    t.clock.advance(STEP_MS);
    expect(await rcOf(await cardCode(t, token))).toBe('C01');
    const before = await tableContents(t.db);
    expect(await rcOf(earlier)).toBe('CARD_CODE_USED');
    t.clock.advance(STEP_MS);
    await expectCardUntouched(before);
  });

  it('a code older than 90 seconds as expired, not unknown, so the cashier asks for a fresh one', async () => {
    const startOfStep = (cardStepAt(t.clock.now().getTime()) + 1) * STEP_MS;
    t.clock.advance(startOfStep - t.clock.now().getTime());
    const code = await cardCode(t, token);
    t.clock.advance(3 * STEP_MS);
    const before = await tableContents(t.db);
    expect(await rcOf(code)).toBe('CARD_CODE_EXPIRED');
    await expectCardUntouched(before);
  });

  it('a code of a later step than the server’s as unknown', async () => {
    const later = await cardCode(t, token, new Date(t.clock.now().getTime() + STEP_MS));
    const before = await tableContents(t.db);
    expect(await rcOf(later)).toBe('CARD_CODE_INVALID');
    await expectCardUntouched(before);
  });

  it('a wrong one-time part, an unknown card number, or text that is not a code, as unknown', async () => {
    const code = await cardCode(t, token);
    const [card] = await t.db.select().from(memberCards).where(eq(memberCards.memberId, memberId));
    const step = cardStepAt(t.clock.now().getTime());
    const other = oneTimePassword(Buffer.from('another secret'), step);
    const unknownCard = code.startsWith('9') ? `1${code.slice(1)}` : `9${code.slice(1)}`;
    const before = await tableContents(t.db);
    for (const bad of [
      `${card?.cardNumber}${other}`,
      unknownCard,
      code.slice(0, 15),
      `${code}0`,
      'ABCDEFGHIJKLMNOP',
      ' ',
    ]) {
      expect(await rcOf(bad), bad).toBe('CARD_CODE_INVALID');
    }
    await expectCardUntouched(before);
  });

  it('a body without a code, or a code that is not text, as PARAMETER_INVALID naming the field', async () => {
    const before = await tableContents(t.db);
    for (const body of [{}, { code: 4829103756123456 }, { code: '' }, { code: 'a\u0000b' }, { code: '1'.repeat(65) }]) {
      const response = await postPlain(t, VERIFY_URL, body, { authorization: `Bearer ${till.apiKey}` });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
      expect(response.json().rcrm.RM).toContain('code');
    }
    await expectCardUntouched(before);
  });
});

describe('a till must present its live API key', () => {
  const unauthorized = async (headers: Record<string, string>) => {
    const response = await postPlain(t, VERIFY_URL, { code: await cardCode(t, token) }, headers);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="pos-api"');
    expect(response.json()).toEqual({ rcrm: { RC: 'TOKEN_INVALID', RM: RC_MESSAGES.TOKEN_INVALID }, results: {} });
  };

  it('refuses a call without a key, with a wrong key, or with another scheme, before reading the code', async () => {
    await unauthorized({});
    await unauthorized({ authorization: `Bearer ${'A'.repeat(43)}` });
    await unauthorized({ authorization: `Basic ${till.apiKey}` });
    await unauthorized({ authorization: `Bearer ${till.apiKey}x` });
    expect(await scans()).toEqual([]);
  });

  it('refuses a revoked till’s key at once, and leaves its past scans on the member’s card', async () => {
    expect(await rcOf(await cardCode(t, token))).toBe('C01');
    const scannedAt = taipeiTimestamp(t.clock.now());
    expect(await revokeTerminal(t.db, till.id, t.clock.now())).toBe(true);
    t.clock.advance(STEP_MS);
    await unauthorized({ authorization: `Bearer ${till.apiKey}` });
    const { recent_scans } = (await fetchCard(t, token)).json().results;
    expect(recent_scans).toEqual([{ terminal_name: till.name, scanned_at: scannedAt }]);
  });

  it('a revoked till stays revoked: revoking again answers false', async () => {
    await revokeTerminal(t.db, till.id, t.clock.now());
    expect(await revokeTerminal(t.db, till.id, t.clock.now())).toBe(false);
  });
});
