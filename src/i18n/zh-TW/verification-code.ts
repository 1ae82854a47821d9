export const verificationCodeTexts = {
  label: '驗證碼',
  placeholder: '請輸入 6 位數驗證碼',
  verify: '驗證',
  resend: '重新發送驗證碼',
  resent: '驗證碼已重新發送',
  resendHint: '若 5 分鐘內未收到簡訊，請重新發送；24 小時內最多發送 3 次。',
  resendIn: (seconds: number) => `重新發送驗證碼（${seconds} 秒）`,
  resendCountdownStarted: '驗證碼已發送，倒數結束後即可重新發送。',
  resendReady: '現在可以重新發送驗證碼。',
};
