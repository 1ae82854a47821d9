import {
  type CheckedParams,
  COMPARE_EC_PROVIDER,
  type EndpointName,
  encryptValue,
  FRIEND_RECOMMEND_COPY_KEY,
  LINE_SOURCE,
  LINE_TOKEN_SOURCE,
  MEMBER_VERIFICATION,
  type Params,
  PKCE_METHOD,
  REGISTER_TERM_TYPE,
  type Results,
  SECURITY_QUESTION,
} from '#protocol';
import { DEMO_AES_KEY } from '../../../server/env';

// One call of each kind as PROTOCOL.md "Calls" describes it, and shapes the call must refuse.
// Encrypted fields are encrypted with the demo AES secret, as the web app does in demo mode.

export const enc = (plaintext: string) => encryptValue(DEMO_AES_KEY, plaintext);
const encWithAnotherKey = (plaintext: string) => encryptValue('another-aes-key', plaintext);

export interface CallExamples<N extends EndpointName> {
  /** A request_parameter (or plain-JSON body) as the caller sends it. */
  params: Params<N>;
  /** What the handler gets from `params`, when that differs (encrypted fields opened, values tidied). */
  checked?: CheckedParams<N>;
  /** Parameters the call refuses, by what is wrong with them. */
  wrongParams: Record<string, unknown>;
  /** Results the server answers with C01. */
  results: Results<N>;
  /** Results the web app must not take for the call's, by what is wrong with them. */
  wrongResults: Record<string, unknown>;
}

const MOBILE = '0911222333';
const NEW_MOBILE = '0955666777';
const PASSWORD = 'abc12345';
const NEW_PASSWORD = 'new12345';
const TOKEN = 'q3mZ8vKc1uYt0nBf7LxW2eRj5sHd9gPa4oTi6yUk-_E';
const RANDOM_KEY = 'Yh4Qp8sLm2Vx7Nc0Rb5Tz3Wk9Fd6Gj1Ae-_uIoPqXs';
const CODE = '123456';
const LOCATION = 'https://shop.example.com/account';

const lineBind: Params<'bindThirdParty'> = {
  source: LINE_SOURCE,
  verify_data: { line_token: 'eyJhbGciOiJIUzI1NiJ9.line-access-token', line_token_source: LINE_TOKEN_SOURCE },
};

const registration = {
  name: '林美華',
  gender: 'F',
  birthday: '1990/05/20',
  email: 'meihua@example.com',
  security_question: SECURITY_QUESTION,
  security_answer: '林美華',
  referrer_code: 'AB12',
} as const;
const sentRegistration = { ...registration, mobile: enc(NEW_MOBILE), password: enc(NEW_PASSWORD) };
const checkedRegistration = { ...registration, mobile: NEW_MOBILE, password: NEW_PASSWORD };

const memberToken = { member_access_token: TOKEN };
const tempToken = { temp_access_token: TOKEN };
const tokenMissing = {
  'no token': {},
  'a token that is not a string': { member_access_token: 1, temp_access_token: 1 },
};
const nothing = {};
const notAnObject = { 'not an object': null };

const profile: Results<'getMemberProfile'>['member_profile'] = {
  name: '林美華',
  mobile: MOBILE,
  gender: 'F',
  email: null,
  birthday: '1990/05/20',
  is_verified: true,
  referral_code: 'MH7K2Q',
};

/** Every call of the contract; typed so that a call without examples does not compile. */
export const EXAMPLES: { [N in EndpointName]: CallExamples<N> } = {
  login: {
    params: { account: enc(MOBILE), password: enc(PASSWORD) },
    checked: { account: MOBILE, password: PASSWORD },
    wrongParams: {
      'no password': { account: enc(MOBILE) },
      'an account encrypted with another key': { account: encWithAnotherKey(MOBILE), password: enc(PASSWORD) },
      'an account that is a number': { account: 911222333, password: enc(PASSWORD) },
    },
    results: memberToken,
    wrongResults: tokenMissing,
  },
  compareEcMember: {
    params: { provider: COMPARE_EC_PROVIDER, phone: MOBILE },
    wrongParams: { 'another provider': { provider: 'shopline', phone: MOBILE }, 'no phone': { provider: 'cyberbit' } },
    results: { is_mmrm_member: true, status: 'active' },
    wrongResults: { 'an answer that is not a boolean': { is_mmrm_member: 'yes', status: null } },
  },
  checkMobile: {
    params: { mobile: enc(MOBILE) },
    checked: { mobile: MOBILE },
    wrongParams: { 'a mobile encrypted with another key': { mobile: encWithAnotherKey(MOBILE) }, 'no mobile': {} },
    results: nothing,
    wrongResults: notAnObject,
  },
  logout: {
    params: {},
    wrongParams: { 'a string': 'everywhere' },
    results: nothing,
    wrongResults: notAnObject,
  },
  redirectLocation: {
    params: undefined,
    wrongParams: { 'a string': 'x_token' },
    results: { location: LOCATION },
    wrongResults: { 'no location': {}, 'a location that is not a string': { location: 1 } },
  },
  loginWithProvider: {
    params: lineBind,
    wrongParams: {
      'another source': { ...lineBind, source: 'Line' },
      'no verify_data': { source: LINE_SOURCE },
      'an empty LINE token': {
        source: LINE_SOURCE,
        verify_data: { line_token: '', line_token_source: LINE_TOKEN_SOURCE },
      },
    },
    results: memberToken,
    wrongResults: tokenMissing,
  },
  bindThirdParty: {
    params: lineBind,
    wrongParams: { 'no verify_data': { source: LINE_SOURCE } },
    results: nothing,
    wrongResults: notAnObject,
  },
  registerCheck: {
    params: { mobile: enc(NEW_MOBILE), password: enc(NEW_PASSWORD), referrer_code: ' AB 12 ' },
    checked: { mobile: NEW_MOBILE, password: NEW_PASSWORD, referrer_code: 'AB12' },
    wrongParams: {
      'a password encrypted with another key': { mobile: enc(NEW_MOBILE), password: encWithAnotherKey(NEW_PASSWORD) },
      'no mobile': { password: enc(NEW_PASSWORD) },
      'a password without a digit': { mobile: enc(NEW_MOBILE), password: enc('password') },
    },
    results: nothing,
    wrongResults: notAnObject,
  },
  register: {
    params: { register: sentRegistration, bind_third_party: lineBind },
    checked: { register: checkedRegistration, bind_third_party: lineBind },
    wrongParams: {
      'a mobile encrypted with another key': { register: { ...sentRegistration, mobile: encWithAnotherKey(MOBILE) } },
      'no register': { bind_third_party: lineBind },
      'a gender that is not M, F or S': { register: { ...sentRegistration, gender: 'X' } },
      'another security question': { register: { ...sentRegistration, security_question: 'sq01' } },
    },
    results: tempToken,
    wrongResults: tokenMissing,
  },
  registerWithThirdPartyCrmData: {
    // Step 2 skipped: its optional fields come empty.
    params: {
      register: { ...sentRegistration, gender: '', birthday: '', email: '', referrer_code: '' },
      third_party_crm_data: enc(JSON.stringify({ name: '林美華', mobile: NEW_MOBILE })),
    },
    checked: {
      register: { ...checkedRegistration, gender: null, birthday: null, email: null, referrer_code: null },
      third_party_crm_data: { name: '林美華', mobile: NEW_MOBILE },
    },
    wrongParams: {
      'CRM data encrypted with another key': {
        register: sentRegistration,
        third_party_crm_data: encWithAnotherKey('{"name":"林美華"}'),
      },
      'CRM data that is not a JSON object': { register: sentRegistration, third_party_crm_data: enc('["林美華"]') },
      'no CRM data': { register: sentRegistration },
    },
    results: tempToken,
    wrongResults: tokenMissing,
  },
  registerVerify: {
    params: { verify_code: CODE },
    wrongParams: { 'a code of five digits': { verify_code: '12345' }, 'no code': {} },
    results: memberToken,
    wrongResults: tokenMissing,
  },
  registerSkipVerify: {
    params: {},
    wrongParams: { 'a string': 'skip' },
    results: memberToken,
    wrongResults: tokenMissing,
  },
  resendRegisterVerify: {
    params: {},
    wrongParams: { 'a number': 1 },
    results: nothing,
    wrongResults: notAnObject,
  },
  updateRegisterMobile: {
    params: { mobile: enc(NEW_MOBILE) },
    checked: { mobile: NEW_MOBILE },
    wrongParams: {
      'a mobile encrypted with another key': { mobile: encWithAnotherKey(NEW_MOBILE) },
      'a mobile of nine digits': { mobile: enc('095566677') },
    },
    results: nothing,
    wrongResults: notAnObject,
  },
  forgetPassword: {
    params: { mobile: enc(MOBILE) },
    checked: { mobile: MOBILE },
    wrongParams: { 'a mobile encrypted with another key': { mobile: encWithAnotherKey(MOBILE) }, 'no mobile': {} },
    results: tempToken,
    wrongResults: tokenMissing,
  },
  forgetPasswordVerify: {
    params: { verify_code: CODE },
    wrongParams: { 'a code with a letter': { verify_code: '12345a' } },
    results: nothing,
    wrongResults: notAnObject,
  },
  resendForgetVerify: {
    params: {},
    wrongParams: { 'a string': 'again' },
    results: nothing,
    wrongResults: notAnObject,
  },
  resetPassword: {
    params: { new_password: enc(NEW_PASSWORD) },
    checked: { new_password: NEW_PASSWORD },
    wrongParams: {
      'a password encrypted with another key': { new_password: encWithAnotherKey(NEW_PASSWORD) },
      'a password without a letter': { new_password: enc('12345678') },
      'a password in plain text': { new_password: NEW_PASSWORD },
    },
    results: nothing,
    wrongResults: notAnObject,
  },
  updateMemberPassword: {
    params: { old_password: enc(PASSWORD), new_password: enc(NEW_PASSWORD) },
    checked: { old_password: PASSWORD, new_password: NEW_PASSWORD },
    wrongParams: {
      'an old password encrypted with another key': {
        old_password: encWithAnotherKey(PASSWORD),
        new_password: enc(NEW_PASSWORD),
      },
      'no new password': { old_password: enc(PASSWORD) },
    },
    results: nothing,
    wrongResults: notAnObject,
  },
  getMemberProfile: {
    params: {},
    wrongParams: { 'a string': 'me' },
    results: { member_profile: profile },
    wrongResults: {
      'a gender that is not M, F or S': { member_profile: { ...profile, gender: 'X' } },
      'no verification flag': { member_profile: { ...profile, is_verified: undefined } },
      'no profile': {},
    },
  },
  updateMemberProfile: {
    params: { member_profile: { name: '王小明', gender: 'M', email: 'ming@example.com', birthday: '1990/01/01' } },
    wrongParams: {
      'a name with a special character': { member_profile: { name: '王<小明>', gender: 'M' } },
      'a birthday in another format': { member_profile: { name: '王小明', birthday: '1990-01-01' } },
      'no member_profile': {},
    },
    results: nothing,
    wrongResults: notAnObject,
  },
  sendVerificationCode: {
    params: { verification_type: MEMBER_VERIFICATION },
    wrongParams: { 'another verification type': { verification_type: 'register' } },
    results: nothing,
    wrongResults: notAnObject,
  },
  verifyVerificationCode: {
    params: { verification_type: MEMBER_VERIFICATION, verification_code: CODE },
    wrongParams: {
      'no code': { verification_type: MEMBER_VERIFICATION },
      'a code that is a number': { verification_type: MEMBER_VERIFICATION, verification_code: 123456 },
    },
    results: nothing,
    wrongResults: notAnObject,
  },
  updateMemberMobile: {
    params: { mobile: enc(NEW_MOBILE), password: enc(PASSWORD) },
    checked: { mobile: NEW_MOBILE, password: PASSWORD },
    wrongParams: {
      'a mobile encrypted with another key': { mobile: encWithAnotherKey(NEW_MOBILE), password: enc(PASSWORD) },
      'no password': { mobile: enc(NEW_MOBILE) },
    },
    results: nothing,
    wrongResults: notAnObject,
  },
  memberVerify: {
    params: { verify_code: CODE },
    wrongParams: { 'an empty code': { verify_code: '' } },
    results: nothing,
    wrongResults: notAnObject,
  },
  resendMemberVerify: {
    params: {},
    wrongParams: { 'a boolean': true },
    results: nothing,
    wrongResults: notAnObject,
  },
  briefTerm: {
    params: { type: [REGISTER_TERM_TYPE] },
    wrongParams: { 'a type that is not a list': { type: REGISTER_TERM_TYPE }, 'no type': {} },
    results: {
      terms: [{ type: REGISTER_TERM_TYPE, terms: [{ id: 'T001', title: '會員條款', content: '<p>歡迎加入</p>' }] }],
    },
    wrongResults: { 'a term without content': { terms: [{ type: 'register', terms: [{ id: 'T001', title: 't' }] }] } },
  },
  taskInformation: {
    params: { task_type: 'referrer', full_info: true },
    wrongParams: { 'an unknown task type': { task_type: 'birthday', full_info: true }, 'no task type': {} },
    results: {
      title: '邀請好友',
      description: '好友完成註冊，雙方各得點數',
      reward_info: { obtain_coupons: [{ coupon_id: 'C001' }], obtain_points: [{ point_id: 'P001', amount: 100 }] },
      start_datetime: '2025/01/01 00:00:00',
      end_datetime: null,
    },
    wrongResults: {
      'points given as text': {
        title: '邀請好友',
        description: '',
        reward_info: { obtain_coupons: [], obtain_points: [{ point_id: 'P001', amount: '100' }] },
      },
      'no reward info': { title: '邀請好友', description: '' },
    },
  },
  pointInformation: {
    params: { point_id: 'P001', full_info: false },
    wrongParams: {
      'an empty point id': { point_id: '', full_info: false },
      'full_info as text': { point_id: 'P001', full_info: 'no' },
    },
    results: {
      point: {
        point_id: 'P001',
        title: '好友點數',
        feature_image: 'https://member.example.com/images/points/P001.png',
        point_circulate_end_datetime: '2025/12/31 23:59:59',
      },
    },
    wrongResults: {
      'a point without its image': { point: { point_id: 'P001', title: 't', point_circulate_end_datetime: null } },
    },
  },
  couponInformation: {
    params: { coupon_ids: ['C001'] },
    wrongParams: { 'ids that are not a list': { coupon_ids: 'C001' } },
    results: {
      coupons: [
        {
          coupon_id: 'C001',
          brand_ids: ['B001'],
          title: '滿千折百',
          feature_image: 'https://member.example.com/images/coupons/C001.png',
          duration: 30,
          total: 1,
        },
      ],
    },
    wrongResults: {
      // Each wrong result differs from a right one by the one thing its name says.
      'a coupon with no days': {
        coupons: [{ coupon_id: 'C001', brand_ids: [], title: 't', feature_image: '', total: 1 }],
      },
      'a coupon with no total': {
        coupons: [{ coupon_id: 'C001', brand_ids: [], title: 't', feature_image: '', duration: 30 }],
      },
    },
  },
  brandInformation: {
    params: { brand_ids: ['B001'] },
    wrongParams: { 'an id that is a number': { brand_ids: [1] } },
    results: {
      brands: [
        { brand_id: 'B001', title: '好物', feature_image_small: 'https://member.example.com/images/brands/B001.png' },
      ],
    },
    wrongResults: { 'brands that are not a list': { brands: { B001: '好物' } } },
  },
  briefCopywritingConfig: {
    params: { keys: [FRIEND_RECOMMEND_COPY_KEY] },
    wrongParams: { 'no keys': {} },
    results: { copywriting: { [FRIEND_RECOMMEND_COPY_KEY]: '邀請好友一起加入會員' } },
    wrongResults: { 'a text that is not a string': { copywriting: { [FRIEND_RECOMMEND_COPY_KEY]: 1 } } },
  },
  oauthInfo: {
    params: { random_key: RANDOM_KEY },
    wrongParams: { 'an empty random key': { random_key: '' } },
    results: { client: { name: '好物商城', id: 'shop-client' } },
    wrongResults: { 'a client without its name': { client: { id: 'shop-client' } } },
  },
  oauthAuthorize: {
    params: { random_key: RANDOM_KEY, client_id: 'shop-client', state: 'af0ifjsldkj' },
    wrongParams: {
      'a state that is not printable ASCII': { random_key: RANDOM_KEY, client_id: 'shop-client', state: '狀態' },
      'no client id': { random_key: RANDOM_KEY, state: 'af0ifjsldkj' },
    },
    results: { location: 'https://shop.example.com/callback?code=abc&state=af0ifjsldkj' },
    wrongResults: { 'no location': {} },
  },
  oauthRequest: {
    params: {
      client_id: 'shop-client',
      client_secret: 'shop-secret-0123456789',
      redirect_uri: 'https://shop.example.com/callback',
      state: 'af0ifjsldkj',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: PKCE_METHOD,
    },
    wrongParams: {
      'a challenge without its method': {
        client_id: 'shop-client',
        client_secret: 'shop-secret-0123456789',
        redirect_uri: 'https://shop.example.com/callback',
        state: 'af0ifjsldkj',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      },
      'no redirect uri': { client_id: 'shop-client', client_secret: 'shop-secret-0123456789', state: 'af0ifjsldkj' },
    },
    results: { random_key: RANDOM_KEY, authorize_url: `https://member.example.com/authorize?random_key=${RANDOM_KEY}` },
    wrongResults: { 'no authorize url': { random_key: RANDOM_KEY } },
  },
  oauthToken: {
    params: {
      code: 'SplxlOBeZQQYbYS6WxSbIA',
      client_id: 'shop-client',
      client_secret: 'shop-secret-0123456789',
      code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    },
    wrongParams: {
      'no code': { client_id: 'shop-client', client_secret: 'shop-secret-0123456789' },
      'a verifier too short': {
        code: 'SplxlOBeZQQYbYS6WxSbIA',
        client_id: 'shop-client',
        client_secret: 'shop-secret-0123456789',
        code_verifier: 'short',
      },
    },
    results: {
      member_profile: {
        id: 'm_7f3a9c',
        name: '林美華',
        mobile: MOBILE,
        gender: 'F',
        email: null,
        birthday: '1990/05/20',
        is_verified: true,
      },
    },
    wrongResults: {
      'a profile without its id': {
        member_profile: {
          name: '林美華',
          mobile: MOBILE,
          gender: 'F',
          email: null,
          birthday: '1990/05/20',
          is_verified: true,
        },
      },
    },
  },
  getMemberCard: {
    params: {},
    wrongParams: { 'a string': 'card' },
    results: {
      name: '林美華',
      mobile_masked: '0911-***-333',
      member_card: { card_number: '4829103756', card_secret: 'q3mZ8vKc1uYt0nBf7LxW2eRj5sHd9gPa4oTi6yUkR/E=' },
      server_time: '2026/11/24 10:15:00',
      recent_scans: [{ terminal_name: '信義店 1 號機', scanned_at: '2026/11/23 18:02:11' }],
    },
    wrongResults: {
      'a card number of nine digits': {
        name: '林美華',
        mobile_masked: '0911-***-333',
        member_card: { card_number: '482910375', card_secret: 'AA==' },
        server_time: '2026/11/24 10:15:00',
        recent_scans: [],
      },
      'no server time': { name: '林美華', mobile_masked: '0911-***-333', member_card: null, recent_scans: [] },
      'no scans list': {
        name: '林美華',
        mobile_masked: '0911-***-333',
        member_card: null,
        server_time: '2026/11/24 10:15:00',
      },
      'no name': {
        mobile_masked: '0911-***-333',
        member_card: null,
        server_time: '2026/11/24 10:15:00',
        recent_scans: [],
      },
    },
  },
  posVerifyMemberCard: {
    params: { code: '4829103756123456' },
    wrongParams: {
      'no code': {},
      'a code that is a number': { code: 4829103756123456 },
      'an empty code': { code: '' },
    },
    results: {
      member_id: 'b0a1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
      name: '林美華',
      mobile_masked: '0911-***-333',
      is_verified: true,
    },
    wrongResults: { 'no verification flag': { member_id: 'm', name: '林美華', mobile_masked: '0911-***-333' } },
  },
};
