/** Every screen URL of the spec's section 2, and the member card; the server answers each with the app shell. */
export const APP_ROUTES = [
  '/',
  '/login',
  '/login/text',
  '/registerFirst',
  '/registerSecond',
  '/registerFinal',
  '/registerFinal/change_mobile',
  '/forgotPassword',
  '/verify_forget_password',
  '/reset_pwd',
  '/authorize',
  '/change_pwd',
  '/change_member',
  '/Change_member_mobile',
  '/change_member_mobile',
  '/verify_member_mobile',
  '/verify_mobile',
  '/line_bind',
  '/line_bind/login',
  '/recommend',
  '/member_card',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

/** Where a member goes after login when nothing else is configured: the profile screen. */
export const DEFAULT_REDIRECT_PATH: AppRoute = '/change_member';
/** Where an imported legacy member goes first, to replace the birthday password. */
export const CHANGE_PASSWORD_PATH: AppRoute = '/change_pwd';

/** Why /change_pwd was opened, in its `reason` search param: the app then says why in one sentence. */
export const CHANGE_PASSWORD_REASONS = ['imported'] as const;

/**
 * The redirect location of an imported member still on the birthday password. The answer is a
 * URL, so it carries the reason without a change to the protocol.
 */
export const IMPORTED_MEMBER_LOCATION = `${CHANGE_PASSWORD_PATH}?reason=${CHANGE_PASSWORD_REASONS[0]}`;
