/** Every screen URL of the spec's section 2; the server answers each with the app shell. */
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
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

/** Where a member goes after login when nothing else is configured: the profile screen. */
export const DEFAULT_REDIRECT_PATH: AppRoute = '/change_member';
/** Where an imported legacy member goes first, to replace the birthday password. */
export const CHANGE_PASSWORD_PATH: AppRoute = '/change_pwd';
