import * as v from 'valibot';
import { noParameters, noResults, type Seal, signedCall } from '../contract';
import { VALIDATION_MESSAGES as M } from '../messages';
import { mobileSchema, oldPasswordSchema, setPasswordSchema, verifyCodeSchema } from '../schemas';
import { tempTokenResults } from './auth';

// The change and reset screens' text says 6-12; the rule enforced is the set-password one (6-100).
const newPassword = (seal: Seal) => seal(setPasswordSchema(M.passwordFormatShort, M.newPasswordRequired));

/** Recovering a forgotten password (temp token) and changing a known one (member token). */
export const PASSWORD_CALLS = {
  forgetPassword: signedCall({
    base: 'appApi',
    path: '/member/v1.2/forget_password',
    token: 'none',
    request: (seal) => v.object({ mobile: seal(mobileSchema) }),
    results: tempTokenResults,
  }),
  forgetPasswordVerify: signedCall({
    base: 'memberApi',
    path: '/api/member/forget_password_verify',
    token: 'temp',
    request: () => v.object({ verify_code: verifyCodeSchema }),
    results: noResults,
  }),
  resendForgetVerify: signedCall({
    base: 'memberApi',
    path: '/api/member/resend_forget_verify',
    token: 'temp',
    request: () => noParameters,
    results: noResults,
  }),
  resetPassword: signedCall({
    base: 'appApi',
    path: '/member/reset_password',
    token: 'temp',
    request: (seal) => v.object({ new_password: newPassword(seal) }),
    results: noResults,
  }),
  updateMemberPassword: signedCall({
    base: 'appApi',
    path: '/member/update_member_password',
    token: 'member',
    request: (seal) => v.object({ old_password: seal(oldPasswordSchema), new_password: newPassword(seal) }),
    results: noResults,
  }),
} as const;
