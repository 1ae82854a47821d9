// The code form and its resend button (src/components/code-form.tsx), on every screen that takes an SMS code.
export const codeFormTexts = {
  label: '驗證碼',
  placeholder: '請輸入 6 位數驗證碼',
  verify: '驗證',
  resend: '重新發送驗證碼',
  resendIn: (seconds: number) => `重新發送驗證碼（${seconds} 秒）`,
  resendCountdownStarted: '驗證碼已發送，倒數結束後即可重新發送。',
  resendReady: '現在可以重新發送驗證碼。',
  sentWithinTheMinute: '驗證碼已於 1 分鐘內發送，請輸入最新一封簡訊中的驗證碼。',
};
