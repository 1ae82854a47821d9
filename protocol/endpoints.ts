import { LINE_SOURCE, LINE_TOKEN_SOURCE } from './line';
import type { Gender } from './schemas';

// schemas.ts reads the LINE values too: they live in line.ts so neither file imports the other both ways.
export { LINE_SOURCE, LINE_TOKEN_SOURCE };

/** Which configured base a call goes to (PROTOCOL.md "Bases"). */
export type ApiBase = 'appApi' | 'memberApi' | 'oauthApi' | 'oauthHost';

export interface Endpoint {
  base: ApiBase;
  path: string;
  method: 'POST' | 'GET';
}

const post = (base: ApiBase, path: string): Endpoint => ({ base, path, method: 'POST' });

/** Every call of the member API, by the name the code uses for it. */
export const ENDPOINTS = {
  login: post('appApi', '/member/login'),
  compareEcMember: post('oauthApi', '/member/compare_ec_member'),
  loginWithProvider: post('appApi', '/member/login_with_provider'),
  checkMobile: post('appApi', '/member/check_mobile'),
  registerCheck: post('appApi', '/member/register_check'),
  briefTerm: post('appApi', '/term/brief_term'),
  register: post('appApi', '/member/register'),
  registerWithThirdPartyCrmData: post('appApi', '/member/register_with_third_party_crm_data'),
  registerVerify: post('appApi', '/member/register_verify'),
  registerSkipVerify: post('appApi', '/member/register_skip_verify'),
  resendRegisterVerify: post('appApi', '/member/resend_register_verify'),
  updateRegisterMobile: post('appApi', '/member/update_register_mobile'),
  sendVerificationCode: post('appApi', '/member/send_verification_code'),
  forgetPassword: post('appApi', '/member/v1.2/forget_password'),
  updateMemberPassword: post('appApi', '/member/update_member_password'),
  resetPassword: post('appApi', '/member/reset_password'),
  taskInformation: post('appApi', '/mission/task_information'),
  pointInformation: post('appApi', '/point/point_information'),
  couponInformation: post('appApi', '/coupon/coupon_information'),
  brandInformation: post('appApi', '/brand/brand_information'),
  briefCopywritingConfig: post('appApi', '/config/brief_copywriting_config'),
  oauthInfo: post('oauthHost', '/oauth/info'),
  oauthAuthorize: post('oauthHost', '/oauth/authorize'),
  // Server-to-server (plain JSON, client secret): a third-party client's back end calls these.
  oauthRequest: post('oauthHost', '/oauth/request'),
  oauthToken: post('oauthHost', '/oauth/token'),
  getMemberProfile: post('memberApi', '/api/member/get_member_profile'),
  updateMemberProfile: post('memberApi', '/api/member/update_member_profile'),
  updateMemberMobile: post('memberApi', '/api/member/update_member_mobile'),
  memberVerify: post('memberApi', '/api/member/member_verify'),
  resendMemberVerify: post('memberApi', '/api/member/resend_member_verify'),
  forgetPasswordVerify: post('memberApi', '/api/member/forget_password_verify'),
  resendForgetVerify: post('memberApi', '/api/member/resend_forget_verify'),
  verifyVerificationCode: post('memberApi', '/api/member/verify_verification_code'),
  bindThirdParty: post('memberApi', '/api/member/bind_third_party'),
  redirectLocation: { base: 'memberApi', path: '/api/member/redirect_location', method: 'GET' },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** Default path of each base when the app and the member server share an origin. */
export const DEFAULT_API_BASES: Record<ApiBase, string> = {
  appApi: '/app-api',
  memberApi: '',
  oauthApi: '/oauth-api',
  oauthHost: '',
};

/** Fixed values the spec gives. */
export const COMPARE_EC_PROVIDER = 'cyberbit';
export const SECURITY_QUESTION = 'sq06';
export const MEMBER_VERIFICATION = 'member_verification';

/** Header carrying the encrypted member token on redirect-location calls. */
export const MMRM_TOKEN_HEADER = 'X-MMRM-TOKEN';
/** Cookie holding the per-browser secret that encrypts `x_token`. */
export const AES_KEY_COOKIE = 'aes_key';

/** Session lifetime: the app stores an expiry one year from login; the token lives as long. */
export const MEMBER_TOKEN_DAYS = 365;

// Request parameters and results of the calls built so far.
export interface LoginParams {
  account: string;
  password: string;
}
export interface LoginResults {
  member_access_token: string;
}
export interface CompareEcMemberParams {
  provider: typeof COMPARE_EC_PROVIDER;
  phone: string;
}
export interface CompareEcMemberResults {
  is_mmrm_member: boolean;
  status?: string | null;
}
export interface CheckMobileParams {
  mobile: string;
}
export interface RedirectLocationResults {
  location: string;
}

/** How long a random_key (one OAuth hop) stays usable, and with it the app's return to /authorize. */
export const OAUTH_REQUEST_MINUTES = 10;
/** The only PKCE method accepted (RFC 7636): `plain` would put the verifier on the wire twice. */
export const PKCE_METHOD = 'S256';

export interface OAuthClientInfo {
  name: string;
  id: string;
}
export interface OAuthInfoParams {
  random_key: string;
}
export interface OAuthInfoResults {
  client: OAuthClientInfo;
}
export interface OAuthAuthorizeParams {
  random_key: string;
  client_id: string;
  state: string;
}
export interface OAuthAuthorizeResults {
  location: string;
}
/** Plain-JSON body of `POST /oauth/request` (server-to-server). */
export interface OAuthRequestBody {
  client_id: string;
  client_secret: string;
  redirect_uri: string;
  state: string;
  code_challenge?: string;
  code_challenge_method?: typeof PKCE_METHOD;
}
export interface OAuthRequestResults {
  random_key: string;
  authorize_url: string;
}
/** Plain-JSON body of `POST /oauth/token` (server-to-server). */
export interface OAuthTokenBody {
  code: string;
  client_id: string;
  client_secret: string;
  code_verifier?: string;
}
/** What a client learns about the member who authorised it. */
export interface OAuthMemberProfile {
  /** Stable for the member's lifetime, whatever mobile or name they change to. */
  id: string;
  name: string;
  mobile: string;
  gender: Gender | null;
  email: string | null;
  /** YYYY/MM/DD, or null when the member has not given it. */
  birthday: string | null;
  is_verified: boolean;
}
export interface OAuthTokenResults {
  member_profile: OAuthMemberProfile;
}

// Registration, terms, rewards and copy (issue 3).
export const REGISTER_TERM_TYPE = 'register';
export const TASK_TYPES = ['referrer', 'referee_first_purchase'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const FRIEND_RECOMMEND_COPY_KEY = 'friend_recommend';

export interface RegisterCheckParams {
  mobile: string;
  password: string;
  /** Step 2 only: the invite code, whitespace removed. */
  referrer_code?: string;
}
export interface BriefTermParams {
  type: string[];
}
export interface Term {
  id: string;
  title: string;
  /** HTML; the web app sanitizes it before showing it. */
  content: string;
}
export interface BriefTermResults {
  terms: { type: string; terms: Term[] }[];
}
/** The spec's registration payload (section 3). */
export interface RegisterPayload {
  mobile: string;
  password: string;
  name: string;
  /** Null when the member skipped step 2. */
  gender: Gender | null;
  /** `YYYY/MM/DD` or null. */
  birthday: string | null;
  email: string | null;
  security_question: typeof SECURITY_QUESTION;
  /** The member's name. */
  security_answer: string;
  /** Whitespace removed; empty when there is no invite code. */
  referrer_code: string;
}
export interface LineBindData {
  source: typeof LINE_SOURCE;
  verify_data: { line_token: string; line_token_source: typeof LINE_TOKEN_SOURCE };
}
export interface RegisterParams {
  register: RegisterPayload;
  bind_third_party?: LineBindData;
}
export interface RegisterWithThirdPartyCrmDataParams {
  register: RegisterPayload;
  /** AES-encrypted (configured secret) JSON of `ThirdPartyCrmData`, passed on as it came in the URL hash. */
  third_party_crm_data: string;
  bind_third_party?: LineBindData;
}
/** What a third-party CRM knows of the member; every field optional. */
export interface ThirdPartyCrmData {
  mobile?: string;
  name?: string;
  gender?: 'M' | 'F' | 'S';
  email?: string;
  /** `YYYY/MM/DD`; a birthday from the CRM cannot be changed during registration. */
  birthday?: string;
}
export interface ForgetPasswordParams {
  mobile: string;
}
export interface ResetPasswordParams {
  new_password: string;
}
export interface UpdateMemberPasswordParams {
  old_password: string;
  new_password: string;
}
export interface TempTokenResults {
  temp_access_token: string;
}
export interface VerifyCodeParams {
  verify_code: string;
}
export interface MemberTokenResults {
  member_access_token: string;
}
export interface UpdateRegisterMobileParams {
  mobile: string;
}
export interface TaskInformationParams {
  task_type: TaskType;
  full_info: boolean;
}
/** The results of task_information are the task itself. */
export interface TaskInformationResults {
  title: string;
  description: string;
  reward_info: {
    obtain_coupons: { coupon_id: string }[];
    obtain_points: { point_id: string; amount: number }[];
  };
  /** With full_info: when the mission runs (`YYYY/MM/DD HH:mm:ss`, Taipei), null for no bound. */
  start_datetime?: string | null;
  end_datetime?: string | null;
}
export interface PointInformationParams {
  point_id: string;
  full_info: false;
}
export interface PointInfo {
  point_id: string;
  title: string;
  feature_image: string;
  /** `YYYY/MM/DD HH:mm:ss` (Taipei) after which the points lapse, or null. */
  point_circulate_end_datetime: string | null;
  /** With full_info: how the points may be used. */
  description?: string;
}
export interface PointInformationResults {
  point: PointInfo;
}
export interface CouponInformationParams {
  coupon_ids: string[];
}
export interface CouponInfo {
  coupon_id: string;
  brand_ids: string[];
  title: string;
  feature_image: string;
  /** Days the coupon stays usable after it is given. */
  duration: number;
  /** How many of this coupon a reward gives. */
  total: number;
}
export interface CouponInformationResults {
  coupons: CouponInfo[];
}
export interface BrandInformationParams {
  brand_ids: string[];
}
export interface BrandInfo {
  brand_id: string;
  title: string;
  feature_image_small: string;
}
export interface BrandInformationResults {
  brands: BrandInfo[];
}
export interface BriefCopywritingConfigParams {
  keys: string[];
}
export interface BriefCopywritingConfigResults {
  copywriting: Record<string, string>;
}

// Profile, mobile verification and mobile change (issue 5).
/** The member's own profile as get_member_profile answers it. */
export interface MemberProfile {
  name: string;
  /** The account: 10 digits. */
  mobile: string;
  gender: Gender | null;
  email: string | null;
  /** `YYYY/MM/DD`, or null while the member has not given it; once given it never changes. */
  birthday: string | null;
  is_verified: boolean;
  /** The member's own invite code, for friends registering. */
  referral_code: string;
}
export interface GetMemberProfileResults {
  member_profile: MemberProfile;
}
/** What the member may edit; a birthday is omitted (or null) when not given. */
export interface EditableMemberProfile {
  name: string;
  gender: Gender | null;
  email: string | null;
  birthday?: string | null;
}
export interface UpdateMemberProfileParams {
  member_profile: EditableMemberProfile;
}
export interface SendVerificationCodeParams {
  verification_type: typeof MEMBER_VERIFICATION;
}
export interface VerifyVerificationCodeParams {
  verification_type: typeof MEMBER_VERIFICATION;
  verification_code: string;
}
export interface UpdateMemberMobileParams {
  /** The new mobile. */
  mobile: string;
  /** The member's current password. */
  password: string;
}
