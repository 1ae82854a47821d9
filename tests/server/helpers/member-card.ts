import type { LightMyRequestResponse } from 'fastify';
import { memberCardCode } from '#protocol';
import { pathOf } from '../../../server/lib/paths';
import { addTerminal } from '../../../server/modules/member-card/service';
import { postSigned, type TestApp } from './app';
import { postPlain } from './oauth';

export const VERIFY_URL = pathOf('posVerifyMemberCard');

export interface TestTill {
  id: string;
  apiKey: string;
  name: string;
}

/** Adds a store till as `npm run pos:add-terminal` does. */
export async function addTill(t: TestApp, name = '信義店 1 號機'): Promise<TestTill> {
  return { ...(await addTerminal(t.db, name, t.clock.now())), name };
}

/** The till's call: plain JSON with its key as a bearer token. */
export const scan = (t: TestApp, till: Pick<TestTill, 'apiKey'>, code: unknown): Promise<LightMyRequestResponse> =>
  postPlain(t, VERIFY_URL, { code }, { authorization: `Bearer ${till.apiKey}` });

/** What the member's device gets: the card, the server's time and the latest scans. */
export const fetchCard = (t: TestApp, token: string) =>
  postSigned(t, pathOf('getMemberCard'), { token, request_parameter: {} });

/** The code the member's card shows at `at` (the test clock's now by default), as the web app derives it. */
export async function cardCode(t: TestApp, token: string, at: Date = t.clock.now()): Promise<string> {
  const card = (await fetchCard(t, token)).json().results?.member_card;
  if (!card) throw new Error('the member has no card');
  return memberCardCode(card.card_number, Buffer.from(card.card_secret, 'base64'), at.getTime());
}
