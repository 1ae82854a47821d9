import fc from 'fast-check';
import {
  COMPARE_EC_PROVIDER,
  ENDPOINTS,
  type EndpointName,
  MEMBER_VERIFICATION,
  REGISTER_TERM_TYPE,
  TASK_TYPES,
} from '#protocol';
import {
  birthday,
  code,
  crmData,
  email,
  gender,
  id,
  ids,
  lineBind,
  loginPassword,
  mobile,
  name,
  nearly,
  opaque,
  type Params,
  referrerCode,
  register,
  sealed,
  setPassword,
} from './fields';
import { LIVE_TOKENS, Live, type LiveName } from './placeholders';
import { type Attempt, brokenBody } from './requests';
import { brokenBase64, garbagePayload, signatureFault, wellFormedPayload } from './signed-payloads';
import { awkwardJson, awkwardString, freeText, headerSafeString, printable } from './values';

// Signed calls, weighted towards requests that get past the envelope (right signature, fresh
// timestamp, the call's own live token), so handlers and the database see the awkward values too;
// the rest spoil one layer at a time: the body, the signature, the signed payload.

export type SignedEndpoint = Exclude<
  EndpointName,
  'oauthRequest' | 'oauthToken' | 'posVerifyMemberCard' | 'redirectLocation'
>;

const none: Params = fc.constant({});

/** Each signed call's request_parameter, with values that pass its format rules but are odd. */
const WELL_FORMED: Record<SignedEndpoint, Params> = {
  login: fc.record({ account: sealed(mobile), password: sealed(loginPassword) }),
  compareEcMember: fc.record({ provider: fc.constant(COMPARE_EC_PROVIDER), phone: mobile }),
  loginWithProvider: lineBind,
  checkMobile: fc.record({ mobile: sealed(mobile) }),
  logout: none,
  getMemberCard: none,
  registerCheck: fc.record({ mobile: sealed(mobile), password: sealed(setPassword), referrer_code: referrerCode }),
  briefTerm: fc.record({ type: fc.array(fc.oneof(fc.constant(REGISTER_TERM_TYPE), freeText(32)), { maxLength: 3 }) }),
  register: fc.record({ register, bind_third_party: fc.option(lineBind) }, { requiredKeys: ['register'] }),
  registerWithThirdPartyCrmData: fc.record(
    { register, third_party_crm_data: crmData, bind_third_party: fc.option(lineBind) },
    { requiredKeys: ['register', 'third_party_crm_data'] },
  ),
  registerVerify: fc.record({ verify_code: code }),
  registerSkipVerify: none,
  resendRegisterVerify: none,
  updateRegisterMobile: fc.record({ mobile: sealed(mobile) }),
  sendVerificationCode: fc.record({ verification_type: fc.constant(MEMBER_VERIFICATION) }),
  forgetPassword: fc.record({ mobile: sealed(mobile) }),
  updateMemberPassword: fc.record({ old_password: sealed(loginPassword), new_password: sealed(setPassword) }),
  resetPassword: fc.record({ new_password: sealed(setPassword) }),
  taskInformation: fc.record({ task_type: fc.constantFrom(...TASK_TYPES), full_info: fc.boolean() }),
  pointInformation: fc.record({ point_id: id, full_info: fc.boolean() }),
  couponInformation: fc.record({ coupon_ids: ids }),
  brandInformation: fc.record({ brand_ids: ids }),
  briefCopywritingConfig: fc.record({ keys: ids }),
  oauthInfo: fc.record({ random_key: opaque('randomKey') }),
  oauthAuthorize: fc.record({ random_key: opaque('randomKey'), client_id: opaque('clientId'), state: printable }),
  getMemberProfile: none,
  updateMemberProfile: fc.record({ member_profile: nearly(fc.record({ name, gender, email, birthday })) }),
  updateMemberMobile: fc.record({ mobile: sealed(mobile), password: sealed(loginPassword) }),
  memberVerify: fc.record({ verify_code: code }),
  resendMemberVerify: none,
  forgetPasswordVerify: fc.record({ verify_code: code }),
  resendForgetVerify: none,
  verifyVerificationCode: fc.record({ verification_type: fc.constant(MEMBER_VERIFICATION), verification_code: code }),
  bindThirdParty: lineBind,
};

export const SIGNED_ENDPOINTS = (Object.keys(ENDPOINTS) as EndpointName[]).filter(
  (name): name is SignedEndpoint => ENDPOINTS[name].carriage === 'signed',
);

/** The token each signed call is made with when it needs one. */
const TOKEN_OF: Partial<Record<SignedEndpoint, LiveName>> = {
  registerVerify: 'registerToken',
  registerSkipVerify: 'registerToken',
  resendRegisterVerify: 'registerToken',
  updateRegisterMobile: 'registerToken',
  resetPassword: 'forgotToken',
  forgetPasswordVerify: 'forgotToken',
  resendForgetVerify: 'forgotToken',
};
const MEMBER_TOKEN_CALLS: SignedEndpoint[] = [
  'compareEcMember',
  'logout',
  'sendVerificationCode',
  'updateMemberPassword',
  'oauthAuthorize',
  'getMemberProfile',
  'updateMemberProfile',
  'updateMemberMobile',
  'memberVerify',
  'resendMemberVerify',
  'verifyVerificationCode',
  'bindThirdParty',
];

const extraHeaders = fc.record(
  { 'accept-language': headerSafeString, 'app-id': headerSafeString, 'device-uuid': headerSafeString },
  { requiredKeys: [] },
);

/** Every kind of request a signed call may receive, weighted towards those that reach its handler. */
export function signedAttempts(endpoint: SignedEndpoint): fc.Arbitrary<Attempt> {
  const params = WELL_FORMED[endpoint];
  const ownToken = TOKEN_OF[endpoint] ?? (MEMBER_TOKEN_CALLS.includes(endpoint) ? 'memberToken' : null);
  const token = fc.oneof(
    { withCrossShrink: true },
    { weight: 2, arbitrary: fc.constantFrom(undefined, null) },
    { weight: ownToken ? 6 : 1, arbitrary: fc.constant(new Live(ownToken ?? 'memberToken')) },
    { weight: 1, arbitrary: fc.constantFrom(...LIVE_TOKENS).map((n) => new Live(n)) },
    { weight: 1, arbitrary: awkwardString },
  );
  return fc.oneof(
    { weight: 1, arbitrary: brokenBody },
    { weight: 1, arbitrary: fc.record({ payload: wellFormedPayload(params), signature: signatureFault }) },
    {
      weight: 3,
      arbitrary: fc.record({
        payload: fc.oneof({ weight: 3, arbitrary: garbagePayload(params) }, { weight: 1, arbitrary: brokenBase64 }),
        signature: fc.constant('right'),
      }),
    },
    {
      weight: 8,
      arbitrary: fc.record({
        token,
        request_parameter: fc.oneof({ weight: 8, arbitrary: nearly(params) }, { weight: 1, arbitrary: awkwardJson }),
        headers: extraHeaders,
      }),
    },
  );
}
