export { changePassword } from './change';
export { forgetPassword, resendForgotPasswordCode, resetPassword, verifyForgotPasswordCode } from './recovery';
