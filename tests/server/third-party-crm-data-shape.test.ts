import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildEnvelope, encryptValue, VALIDATION_MESSAGES as M, MAX_BODY_BYTES, RC_MESSAGES } from '#protocol';
import { THIRD_PARTY_CRM_DATA_LIMITS as LIMITS } from '#protocol/calls/register';
import { members } from '../../server/db/schema';
import { postSigned, startTestApp, TEST_AES_KEY, TEST_SIGN_KEY, type TestApp } from './helpers/app';
import { tableContents } from './helpers/database';
import { registerPayload } from './helpers/registration';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const URL = '/app-api/member/register_with_third_party_crm_data';
const callWith = (crmJson: string) => ({
  request_parameter: { register: registerPayload(), third_party_crm_data: encryptValue(TEST_AES_KEY, crmJson) },
});
const crmCall = (crmJson: string) => postSigned(t, URL, callWith(crmJson));

/** `{"a": [[…]]}` with `levels` levels in all, the object counting as the first. */
const nested = (levels: number) => `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
/** `{"list": [0, 0, …]}` with `entries` keys and list items in all. */
const wide = (entries: number) => JSON.stringify({ list: Array.from({ length: entries - 1 }, () => 0) });

const tooComplex = { RC: 'PARAMETER_INVALID', RM: `${M.thirdPartyCrmDataTooComplex}（third_party_crm_data）` };

describe('register_with_third_party_crm_data: CRM data of a sane shape only', () => {
  it('refuses data nested thousands of levels deep (within the body limit) with PARAMETER_INVALID and makes nothing', async () => {
    const deep = nested(4_400);
    const body = buildEnvelope(TEST_SIGN_KEY, callWith(deep), t.clock.now());
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(MAX_BODY_BYTES);
    const before = await tableContents(t.db);

    const response = await crmCall(deep);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ rcrm: tooComplex, results: {} });
    expect(await tableContents(t.db)).toEqual(before);
  });

  it(`keeps data ${LIMITS.depth} levels deep and refuses one level more`, async () => {
    expect((await crmCall(nested(LIMITS.depth + 1))).json().rcrm).toEqual(tooComplex);
    expect(await t.db.select().from(members)).toEqual([]);

    const response = await crmCall(nested(LIMITS.depth));
    expect(response.json().rcrm).toEqual({ RC: 'C01', RM: RC_MESSAGES.C01 });
    const [member] = await t.db.select().from(members);
    expect(member?.thirdPartyCrmData).toEqual(JSON.parse(nested(LIMITS.depth)));
  });

  it(`keeps data of ${LIMITS.entries} keys and list items in all and refuses one more`, async () => {
    expect((await crmCall(wide(LIMITS.entries + 1))).json().rcrm).toEqual(tooComplex);
    expect(await t.db.select().from(members)).toEqual([]);

    expect((await crmCall(wide(LIMITS.entries))).json().rcrm.RC).toBe('C01');
  });
});
