// The code form's own texts are in code-form.ts: /forgotPassword shows only the hint.
export const verificationCodeTexts = {
  resent: '驗證碼已重新發送',
  resendHint: '若 5 分鐘內未收到簡訊，請重新發送；24 小時內最多發送 3 次。收到多封簡訊時，請輸入最新一封的驗證碼。',
};
