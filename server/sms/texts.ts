import { LIMITS } from '../config';
import type { VerificationPurpose } from '../db/schema';

const SIGNATURE = '【會員中心】';
const MINUTES = LIMITS.verifyCodeMs / 60_000;

// What the code is for, as the member reads it in "您的___驗證碼為".
const CODE_FOR: Record<VerificationPurpose, string> = {
  register: '註冊',
  forgot_password: '忘記密碼',
  member_verification: '手機',
  mobile_change: '手機號碼變更',
};

/** The zh-TW text carrying a verification code. */
export function verificationCodeText(purpose: VerificationPurpose, code: string): string {
  return `${SIGNATURE}您的${CODE_FOR[purpose]}驗證碼為 ${code}，${MINUTES} 分鐘內有效。請勿將驗證碼告訴他人。`;
}

/** Why the mobile-changed notice was sent, as `SmsMessage.purpose`. */
export const MOBILE_CHANGED_NOTICE = 'mobile_changed_notice';

/** The new mobile as the old number's holder may read it: the middle digits hidden. */
export const maskedMobile = (mobile: string) => `${mobile.slice(0, 4)}-***-${mobile.slice(-3)}`;

/**
 * The notice to a member's former mobile that the account moved to another one. `at` is the
 * Taipei `YYYY/MM/DD HH:mm` of the change.
 */
export function mobileChangedText(newMobile: string, at: string): string {
  return `${SIGNATURE}您的會員帳號手機號碼已於 ${at} 變更為 ${maskedMobile(newMobile)}，此號碼將無法再登入會員帳號。若非本人操作，請立即聯繫客服。`;
}
