/** Result codes of the member API, with the zh-TW message (RM) shown to the member as is. */
export const RC_MESSAGES = {
  C01: '成功',
  MEMBER_IS_NOT_EXIST: '查無此會員',
  MEMBER_MOBILE_IS_REPEAT: '此手機號碼已註冊',
  PASSWORD_INCORRECT: '密碼錯誤',
  PASSWORD_SAME_AS_OLD: '新密碼不可與舊密碼相同',
  ACCOUNT_LOCKED: '密碼錯誤次數過多，帳號已暫時鎖定，請於 15 分鐘後再試',
  VERIFY_CODE_INCORRECT: '驗證碼錯誤',
  VERIFY_CODE_EXPIRED: '驗證碼已過期，請重新發送',
  VERIFY_CODE_TOO_MANY_ATTEMPTS: '驗證碼錯誤次數過多，請重新發送驗證碼',
  VERIFY_CODE_REQUIRED: '請先完成簡訊驗證碼驗證',
  SMS_SEND_LIMIT: '驗證碼發送次數已達上限，請稍後再試',
  SMS_RESEND_TOO_SOON: '驗證碼發送過於頻繁，請於 60 秒後再試',
  TOKEN_INVALID: '登入已失效，請重新登入',
  LINE_TOKEN_INVALID: 'LINE 驗證失敗，請重新登入 LINE',
  LINE_NOT_BOUND: '此 LINE ID 尚未綁定會員',
  LINE_ALREADY_BOUND: '此 LINE 帳號或會員已綁定其他帳號',
  REFERRER_CODE_INVALID: '邀請碼不存在',
  BIRTHDAY_CANNOT_CHANGE: '生日設定後無法修改',
  MOBILE_CHANGE_EXPIRED: '手機號碼變更申請已失效，請重新輸入新手機號碼',
  OAUTH_CLIENT_INVALID: '無效的應用程式或導向網址',
  OAUTH_REQUEST_INVALID: '授權請求無效或已過期，請重新操作',
  CARD_CODE_INVALID: '會員條碼無效',
  CARD_CODE_EXPIRED: '會員條碼已過期，請會員重新開啟會員卡',
  CARD_CODE_USED: '此會員條碼已使用過，請會員出示新的條碼',
  RATE_LIMITED: '請求過於頻繁，請稍後再試',
  SIGN_INVALID: '簽章驗證失敗',
  TIMESTAMP_INVALID: '請求時間無效，請確認裝置時間是否正確',
  PARAMETER_INVALID: '參數錯誤',
  REQUEST_TOO_LARGE: '請求內容過大',
  SYSTEM_ERROR: '系統忙碌中，請稍後再試',
} as const;

export type RC = keyof typeof RC_MESSAGES;

export const isRC = (value: unknown): value is RC => typeof value === 'string' && Object.hasOwn(RC_MESSAGES, value);

/** HTTP status of each protocol-level rejection; every business outcome is 200. */
export const RC_HTTP_STATUS: Partial<Record<RC, number>> = {
  PARAMETER_INVALID: 400,
  SIGN_INVALID: 401,
  TIMESTAMP_INVALID: 401,
  REQUEST_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SYSTEM_ERROR: 500,
};

export interface Rcrm {
  RC: string;
  RM: string;
}

/** The response body every call answers with. */
export interface ApiResponse<R = Record<string, unknown>> {
  rcrm: Rcrm;
  results?: R;
}

export function rcrm(rc: RC, message?: string): Rcrm {
  return { RC: rc, RM: message ?? RC_MESSAGES[rc] };
}
