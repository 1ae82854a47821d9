import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName, LINE_SOURCE, LINE_TOKEN_SOURCE, noParameters, sealWith } from '#protocol';
import { pathOf } from '../../server/lib/paths';
import { enc, postSigned, startTestApp, TEST_AES_KEY, type TestApp } from './helpers/app';
import { type TableContents, tableContents } from './helpers/database';
import { addTill, scan } from './helpers/member-card';
import { addMember, MEMBER, memberToken } from './helpers/members';
import { postPlain } from './helpers/oauth';

/** A value the web app sends AES-encrypted: the control character goes into its plaintext. */
class Encrypted {
  constructor(readonly plain: string) {}
}
type Spec = string | Encrypted | boolean | Spec[] | { [key: string]: Spec };

const line = { source: LINE_SOURCE, verify_data: { line_token: 'token', line_token_source: LINE_TOKEN_SOURCE } };
const register: Spec = {
  mobile: new Encrypted('0955666777'),
  password: new Encrypted('newpass123'),
  name: '林美華',
  gender: 'F',
  birthday: '1990/05/20',
  email: 'meihua@example.com',
  security_question: 'sq06',
  security_answer: '林美華',
  referrer_code: 'AB12',
};

/** A well-formed request_parameter of every signed call, each string a place for a control character. */
const CALLS: Partial<Record<EndpointName, { [key: string]: Spec }>> = {
  login: { account: new Encrypted(MEMBER.mobile), password: new Encrypted(MEMBER.password) },
  compareEcMember: { provider: 'cyberbit', phone: '0911222333' },
  loginWithProvider: line,
  checkMobile: { mobile: new Encrypted('0911222333') },
  registerCheck: { mobile: new Encrypted('0955666777'), password: new Encrypted('newpass123'), referrer_code: 'AB12' },
  briefTerm: { type: ['register'] },
  register: { register, bind_third_party: line },
  registerWithThirdPartyCrmData: { register, third_party_crm_data: new Encrypted('{"name":"王小明"}') },
  registerVerify: { verify_code: '123456' },
  updateRegisterMobile: { mobile: new Encrypted('0955666778') },
  sendVerificationCode: { verification_type: 'member_verification' },
  forgetPassword: { mobile: new Encrypted(MEMBER.mobile) },
  updateMemberPassword: { old_password: new Encrypted(MEMBER.password), new_password: new Encrypted('new12345') },
  resetPassword: { new_password: new Encrypted('new12345') },
  taskInformation: { task_type: 'referrer', full_info: true },
  pointInformation: { point_id: 'P001', full_info: false },
  couponInformation: { coupon_ids: ['C001'] },
  brandInformation: { brand_ids: ['B001'] },
  briefCopywritingConfig: { keys: ['friend_recommend'] },
  oauthInfo: { random_key: 'key' },
  oauthAuthorize: { random_key: 'key', client_id: 'client', state: 'xyz' },
  updateMemberProfile: {
    member_profile: { name: '王小明', gender: 'M', email: 'a@example.com', birthday: '1990/01/01' },
  },
  updateMemberMobile: { mobile: new Encrypted('0955666778'), password: new Encrypted(MEMBER.password) },
  memberVerify: { verify_code: '123456' },
  forgetPasswordVerify: { verify_code: '123456' },
  verifyVerificationCode: { verification_type: 'member_verification', verification_code: '123456' },
  bindThirdParty: line,
};

/** Every copy of the spec with `bad` put into one of its strings, with that string's path. */
function spoiled(spec: Spec, bad: string, path = ''): [Spec, string][] {
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (typeof spec === 'string') return [[`${spec.slice(0, 1)}${bad}${spec.slice(1)}`, path]];
  if (spec instanceof Encrypted)
    return [[new Encrypted(`${spec.plain.slice(0, 1)}${bad}${spec.plain.slice(1)}`), path]];
  if (Array.isArray(spec))
    return spec.flatMap((item, i) => spoiled(item, bad, at(i)).map(([s, p]): [Spec, string] => [spec.with(i, s), p]));
  if (typeof spec === 'object')
    return Object.entries(spec).flatMap(([key, value]) =>
      spoiled(value, bad, at(key)).map(([s, p]): [Spec, string] => [{ ...spec, [key]: s }, p]),
    );
  return [];
}

const wire = (spec: Spec): unknown => {
  if (spec instanceof Encrypted) return enc(spec.plain);
  if (Array.isArray(spec)) return spec.map(wire);
  if (typeof spec === 'object') return Object.fromEntries(Object.entries(spec).map(([k, v]) => [k, wire(v)]));
  return spec;
};

const cases = Object.entries(CALLS).flatMap(([name, spec]) =>
  ['\u0000', '\ud800', '\u001b'].flatMap((bad) =>
    spoiled(spec, bad).map(([params, field]) => ({
      name: name as EndpointName,
      bad: JSON.stringify(bad),
      field,
      params,
    })),
  ),
);

let t: TestApp;
let token: string;
let before: TableContents;

beforeAll(async () => {
  t = await startTestApp();
  await addMember(t);
  token = await memberToken(t);
  before = await tableContents(t.db);
});
afterAll(() => t.close());
beforeEach(async () => {
  expect(await tableContents(t.db)).toEqual(before);
});

describe('no string of any call may carry a control character or a lone surrogate', () => {
  it('covers every signed call but those without parameters', () => {
    const seal = sealWith(TEST_AES_KEY);
    const withParameters = Object.entries(ENDPOINTS)
      .filter(([, call]) => call.carriage === 'signed' && call.request(seal) !== noParameters)
      .map(([name]) => name);
    expect(withParameters.length).toBeGreaterThan(20);
    for (const name of withParameters) expect(Object.keys(CALLS)).toContain(name);
  });

  it.each(cases)(
    '$name refuses $bad in $field with PARAMETER_INVALID naming it, changing nothing',
    async ({ name, field, params }) => {
      const response = await postSigned(t, pathOf(name), {
        token,
        request_parameter: wire(params) as Record<string, unknown>,
      });
      expect(response.statusCode).toBe(400);
      const { RC, RM } = response.json().rcrm;
      expect(RC).toBe('PARAMETER_INVALID');
      // The field is named by its path; an array item may be named by the array holding it.
      const named = field.replace(/\.\d+$/, '').replaceAll('.', '\\.');
      expect(RM).toMatch(new RegExp(`（${named}(\\.\\d+)?）$`));
      expect(await tableContents(t.db)).toEqual(before);
    },
  );

  it.each(['\u0000', '\ud800'])('refuses %j in the token', async (bad) => {
    const response = await postSigned(t, pathOf('getMemberProfile'), { token: `${token}${bad}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RM).toMatch(/（token）$/);
  });

  it('refuses a control character in a parameter name', async () => {
    const response = await postSigned(t, pathOf('briefTerm'), {
      request_parameter: { type: ['register'], 'x\u0000': 1 },
    });
    expect(response.statusCode).toBe(400);
  });

  it.each(['/oauth/request', '/oauth/token'])('refuses a NUL byte in the plain JSON of %s', async (url) => {
    const response = await postPlain(t, url, {
      client_id: 'a\u0000b',
      client_secret: 's',
      code: 'c',
      redirect_uri: 'https://x.example/cb',
      state: 's',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm).toMatchObject({ RC: 'PARAMETER_INVALID' });
    expect(response.json().rcrm.RM).toMatch(/（client_id）$/);
  });

  it('refuses a NUL byte, a lone surrogate and ESC in a till’s code', async () => {
    const till = await addTill(t);
    for (const code of ['4829\u0000103756123456', '4829\ud800103756123456', '4829\u001b103756123456']) {
      const response = await scan(t, till, code);
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm).toMatchObject({ RC: 'PARAMETER_INVALID' });
      expect(response.json().rcrm.RM).toMatch(/（code）$/);
    }
  });
});
