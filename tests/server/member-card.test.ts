import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD_RECENT_SCANS, CARD_SECRET_BYTES, parseTaipeiTimestamp, RC_MESSAGES, taipeiTimestamp } from '#protocol';
import { memberCards } from '../../server/db/schema';
import { enc, postSigned, startTestApp, type TestApp } from './helpers/app';
import { addTill, cardCode, fetchCard, scan } from './helpers/member-card';
import { addMember, MEMBER, memberToken } from './helpers/members';

let t: TestApp;
let token: string;
let memberId: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  memberId = (await addMember(t)).id;
  token = await memberToken(t);
});

const cardOf = async (memberToken: string) => (await fetchCard(t, memberToken)).json().results;

describe('POST /api/member/get_member_card', () => {
  it('gives a verified member a ten-digit card number and a 32-byte secret, the same on every visit', async () => {
    const first = await cardOf(token);
    expect(first).toMatchObject({ name: MEMBER.name, mobile_masked: '0911-***-333' });
    expect(first.member_card.card_number).toMatch(/^[1-9]\d{9}$/);
    expect(Buffer.from(first.member_card.card_secret, 'base64')).toHaveLength(CARD_SECRET_BYTES);
    expect(await cardOf(token)).toEqual(first);
  });

  it('answers the server’s time, so a device whose clock is off still shows the right code', async () => {
    const { server_time } = await cardOf(token);
    expect(parseTaipeiTimestamp(server_time)).toEqual(new Date(Math.floor(t.clock.now().getTime() / 1000) * 1000));
  });

  it('gives a member whose mobile is not verified no card yet, and keeps none for them', async () => {
    const unverified = await addMember(t, { mobile: '0922333444', isVerified: false });
    const results = await cardOf(await memberToken(t, unverified.mobile));
    expect(results.member_card).toBeNull();
    expect(results.recent_scans).toEqual([]);
    expect(await t.db.select().from(memberCards).where(eq(memberCards.memberId, unverified.id))).toEqual([]);
  });

  it('gives every member a card number of their own', async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const other = await addMember(t, { mobile: `09330000${String(i).padStart(2, '0')}` });
      numbers.add((await cardOf(await memberToken(t, other.mobile))).member_card.card_number);
    }
    numbers.add((await cardOf(token)).member_card.card_number);
    expect(numbers.size).toBe(13);
  });

  it('gives one card when a member’s devices ask at the same moment', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => cardOf(token)));
    expect(new Set(answers.map((a) => a.member_card.card_number)).size).toBe(1);
    expect(await t.db.select().from(memberCards).where(eq(memberCards.memberId, memberId))).toHaveLength(1);
  });

  it('lists the latest five scans, newest first, with the till’s name and Taipei time', async () => {
    const tills = [await addTill(t, '信義店 1 號機'), await addTill(t, '南西店 2 號機')];
    const times: string[] = [];
    for (let i = 0; i < CARD_RECENT_SCANS + 2; i++) {
      const response = await scan(t, tills[i % 2] as (typeof tills)[number], await cardCode(t, token));
      expect(response.json().rcrm.RC).toBe('C01');
      times.unshift(taipeiTimestamp(t.clock.now()));
      t.clock.advance(60_000);
    }
    const { recent_scans } = await cardOf(token);
    expect(recent_scans).toHaveLength(CARD_RECENT_SCANS);
    expect(recent_scans[0]).toEqual({ terminal_name: '信義店 1 號機', scanned_at: times[0] });
    expect(recent_scans[1]).toEqual({ terminal_name: '南西店 2 號機', scanned_at: times[1] });
  });

  it('refuses a missing, unknown or signed-out token', async () => {
    for (const bad of [null, 'x'.repeat(43)]) {
      expect((await fetchCard(t, bad as string)).json().rcrm).toEqual({
        RC: 'TOKEN_INVALID',
        RM: RC_MESSAGES.TOKEN_INVALID,
      });
    }
  });
});

describe('the card secret is replaced', () => {
  const secretNow = async () =>
    (await t.db.select().from(memberCards).where(eq(memberCards.memberId, memberId)))[0]?.secret;

  it('on sign-out: a code from the old secret no longer scans, and the card number stays', async () => {
    const before = await cardOf(token);
    const oldCode = await cardCode(t, token);
    await postSigned(t, '/app-api/member/logout', { token });
    const till = await addTill(t);
    expect((await scan(t, till, oldCode)).json().rcrm.RC).toBe('CARD_CODE_INVALID');
    const after = await cardOf(await memberToken(t));
    expect(after.member_card.card_number).toBe(before.member_card.card_number);
    expect(after.member_card.card_secret).not.toBe(before.member_card.card_secret);
  });

  it('not on the sign-out of one of several sessions: the member’s other devices keep showing codes that scan', async () => {
    const phone = await memberToken(t);
    const before = await cardOf(phone);
    const phoneCode = await cardCode(t, phone);
    await postSigned(t, '/app-api/member/logout', { token });
    expect((await scan(t, await addTill(t), phoneCode)).json().rcrm.RC).toBe('C01');
    expect((await cardOf(phone)).member_card.card_secret).toBe(before.member_card.card_secret);
  });

  it('on the sign-out of the last session, however many sign out at once', async () => {
    const sessions = [token];
    for (let i = 1; i < 8; i++) sessions.push(await memberToken(t));
    await cardOf(token);
    const before = await secretNow();
    await Promise.all(sessions.map((session) => postSigned(t, '/app-api/member/logout', { token: session })));
    expect(await secretNow()).not.toBe(before);
  });

  it('on a password change', async () => {
    await cardOf(token);
    const before = await secretNow();
    const change = { old_password: enc(MEMBER.password), new_password: enc('new12345') };
    const response = await postSigned(t, '/app-api/member/update_member_password', {
      token,
      request_parameter: change,
    });
    expect(response.json().rcrm.RC).toBe('C01');
    expect(await secretNow()).not.toBe(before);
  });

  it('not on a refused sign-out', async () => {
    await cardOf(token);
    const before = await secretNow();
    await postSigned(t, '/app-api/member/logout', { token: 'y'.repeat(43) });
    expect(await secretNow()).toBe(before);
  });
});
