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
export const LINE_SOURCE = 'LineMultiOA';
export const LINE_TOKEN_SOURCE = 'cyberbiz';
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
