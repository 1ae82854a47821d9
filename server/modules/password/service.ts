export { changePassword, type PasswordChange } from './change';
export type { Outcome } from './outcome';
export { forgetPassword, resendForgotPasswordCode, resetPassword, verifyForgotPasswordCode } from './recovery';
