import type { LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPARE_EC_PROVIDER,
  ENDPOINTS,
  type EndpointName,
  FRIEND_RECOMMEND_COPY_KEY,
  MEMBER_VERIFICATION,
  memberCardCode,
  type Params,
  PKCE_METHOD,
  RC_MESSAGES,
  REGISTER_TERM_TYPE,
  type Results,
  SECURITY_QUESTION,
} from '#protocol';
import { pathOf } from '../../server/lib/paths';
import { enc, postSigned, startTestApp, type TestApp } from './helpers/app';
import { setClock, WHILE_MISSIONS_RUN } from './helpers/catalog';
import { bindData, type FakeLine, lineUserId, startFakeLine } from './helpers/fake-line';
import { addTill, scan } from './helpers/member-card';
import { addMember, MEMBER } from './helpers/members';
import { addClient, pkcePair, postPlain, STATE } from './helpers/oauth';
import { redirectLocation } from './helpers/password';
import { latestCode, VISITOR } from './helpers/registration';

// What the web app (and a client's back end) is promised: every C01 answer of a call has that
// call's results as the contract writes them. A member's journey through every call checks it.

let line: FakeLine;
let t: TestApp;
/** The calls that have answered C01 so far, each checked against its results schema. */
const answered = new Set<EndpointName>();

beforeAll(async () => {
  line = await startFakeLine();
  line.token('line-token', { kind: 'valid', userId: lineUserId(0xa) });
  t = await startTestApp({ env: { LINE_API_BASE: line.url } });
  // The missions answer only while they run.
  setClock(t, WHILE_MISSIONS_RUN);
  await addMember(t);
});
afterAll(async () => {
  await t.close();
  await line.close();
});

/** A C01 answer's results, parsed with the call's results schema. */
function resultsOf<N extends EndpointName>(name: N, response: LightMyRequestResponse): Results<N> {
  expect(response.json().rcrm, `${name}: ${response.body}`).toEqual({ RC: 'C01', RM: RC_MESSAGES.C01 });
  const parsed = v.safeParse(ENDPOINTS[name].results, response.json().results);
  expect(
    parsed.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`),
    name,
  ).toBeUndefined();
  answered.add(name);
  return parsed.output as Results<N>;
}

/** Makes a call as its caller does (signed envelope or plain JSON), with parameters typed by the contract. */
async function succeed<N extends EndpointName>(name: N, params: Params<N>, token: string | null = null) {
  const request_parameter = params as Record<string, unknown> | undefined;
  const response =
    ENDPOINTS[name].carriage === 'plain-json'
      ? await postPlain(t, pathOf(name), params)
      : await postSigned(t, pathOf(name), { token, request_parameter });
  return resultsOf(name, response);
}

/** The registration as step 2 sends it, for a visitor on `mobile`. */
const registration = (mobile: string, birthday = '1990/05/20'): Params<'register'>['register'] => ({
  mobile: enc(mobile),
  password: enc(VISITOR.password),
  name: VISITOR.name,
  gender: 'F',
  birthday,
  email: 'meihua@example.com',
  security_question: SECURITY_QUESTION,
  security_answer: VISITOR.name,
  referrer_code: '',
});

/** Moves past the 60 s between two texts to one mobile. */
const waitToResend = () => t.clock.advance(61_000);

const signIn = async (mobile: string, password: string) =>
  (await succeed('login', { account: enc(mobile), password: enc(password) })).member_access_token;

let memberToken: string;

describe('every C01 answer has the results its call’s contract promises', () => {
  it('signing in, and asking about a mobile', async () => {
    memberToken = await signIn(MEMBER.mobile, MEMBER.password);
    await succeed('checkMobile', { mobile: enc(VISITOR.mobile) });
    await succeed('compareEcMember', { provider: COMPARE_EC_PROVIDER, phone: MEMBER.mobile }, memberToken);
    await resultsOf('redirectLocation', await redirectLocation(t, memberToken));
  });

  it('terms, missions, points, coupons, brands and copy', async () => {
    await succeed('briefTerm', { type: [REGISTER_TERM_TYPE] });
    for (const full_info of [false, true]) {
      const task = await succeed('taskInformation', { task_type: 'referrer', full_info });
      const [reward] = task.reward_info.obtain_points;
      await succeed('pointInformation', { point_id: reward?.point_id ?? '', full_info });
      const coupons = await succeed('couponInformation', {
        coupon_ids: task.reward_info.obtain_coupons.map((coupon) => coupon.coupon_id),
      });
      await succeed('brandInformation', { brand_ids: coupons.coupons.flatMap((coupon) => coupon.brand_ids) });
    }
    await succeed('briefCopywritingConfig', { keys: [FRIEND_RECOMMEND_COPY_KEY] });
  });

  it('registering, verifying the code on a corrected mobile', async () => {
    const check = { mobile: enc(VISITOR.mobile), password: enc(VISITOR.password), referrer_code: '' };
    await succeed('registerCheck', check);
    const { temp_access_token } = await succeed('register', { register: registration(VISITOR.mobile) });
    waitToResend();
    await succeed('resendRegisterVerify', {}, temp_access_token);
    const corrected = '0955666778';
    await succeed('updateRegisterMobile', { mobile: enc(corrected) }, temp_access_token);
    await succeed('registerVerify', { verify_code: await latestCode(t, corrected) }, temp_access_token);
  });

  it('registering with third-party CRM data, skipping verification, then the profile and the mobile', async () => {
    const mobile = '0933444555';
    const { temp_access_token } = await succeed('registerWithThirdPartyCrmData', {
      register: registration(mobile, ''),
      third_party_crm_data: enc(JSON.stringify({ name: VISITOR.name, mobile })),
    });
    const { member_access_token: token } = await succeed('registerSkipVerify', {}, temp_access_token);

    const { member_profile } = await succeed('getMemberProfile', undefined, token);
    const { name, gender, email } = member_profile;
    const edited = { name, gender, email, birthday: '1990/05/20' };
    await succeed('updateMemberProfile', { member_profile: edited }, token);
    await succeed('sendVerificationCode', { verification_type: MEMBER_VERIFICATION }, token);
    const code = await latestCode(t, mobile);
    await succeed('verifyVerificationCode', { verification_type: MEMBER_VERIFICATION, verification_code: code }, token);

    const newMobile = '0933444556';
    await succeed('updateMemberMobile', { mobile: enc(newMobile), password: enc(VISITOR.password) }, token);
    waitToResend();
    await succeed('resendMemberVerify', {}, token);
    await succeed('memberVerify', { verify_code: await latestCode(t, newMobile) }, token);
  });

  it('binding LINE and signing in with it', async () => {
    await succeed('bindThirdParty', bindData('line-token'), memberToken);
    await succeed('loginWithProvider', bindData('line-token'));
  });

  it('a client’s consent hop: request, info, authorize, token', async () => {
    const client = await addClient(t);
    const { verifier, challenge } = pkcePair();
    const { random_key } = await succeed('oauthRequest', {
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uri: client.redirectUri,
      state: STATE,
      code_challenge: challenge,
      code_challenge_method: PKCE_METHOD,
    });
    await succeed('oauthInfo', { random_key });
    const hop = { random_key, client_id: client.clientId, state: STATE };
    const { location } = await succeed('oauthAuthorize', hop, memberToken);
    const code = new URL(location).searchParams.get('code') ?? '';
    const credentials = { client_id: client.clientId, client_secret: client.clientSecret };
    await succeed('oauthToken', { code, ...credentials, code_verifier: verifier });
  });

  it('recovering the password, then changing it', async () => {
    const { temp_access_token } = await succeed('forgetPassword', { mobile: enc(MEMBER.mobile) });
    waitToResend();
    await succeed('resendForgetVerify', {}, temp_access_token);
    await succeed('forgetPasswordVerify', { verify_code: await latestCode(t, MEMBER.mobile) }, temp_access_token);
    await succeed('resetPassword', { new_password: enc('reset1234') }, temp_access_token);
    const token = await signIn(MEMBER.mobile, 'reset1234');
    const change = { old_password: enc('reset1234'), new_password: enc(MEMBER.password) };
    await succeed('updateMemberPassword', change, token);
  });

  it('the member card, and a till scanning its code', async () => {
    const token = await signIn(MEMBER.mobile, MEMBER.password);
    const { member_card } = await succeed('getMemberCard', undefined, token);
    if (!member_card) throw new Error('a verified member has a card');
    const till = await addTill(t);
    const code = memberCardCode(
      member_card.card_number,
      Buffer.from(member_card.card_secret, 'base64'),
      t.clock.now().getTime(),
    );
    resultsOf('posVerifyMemberCard', await scan(t, till, code));
  });

  it('signing out', async () => {
    await succeed('logout', {}, await signIn(MEMBER.mobile, MEMBER.password));
  });

  it('has checked every call of the contract', () => {
    expect([...answered].sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });
});
