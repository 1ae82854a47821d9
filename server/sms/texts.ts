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
