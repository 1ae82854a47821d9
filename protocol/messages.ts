/** zh-TW validation messages of the spec's section 5; forms and server share them. */
export const VALIDATION_MESSAGES = {
  accountRequired: '請輸入帳號',
  accountFormat: '帳號格式錯誤',
  mobileRequired: '請輸入手機號碼',
  mobileFormat: '手機號碼格式錯誤',
  nameRequired: '請輸入姓名',
  nameSpecialCharacters: '姓名不可包含特殊字元',
  nameTooLong: '姓名最多 50 個字',
  passwordRequired: '請輸入密碼',
  passwordFormat: '密碼須為 6 位以上英文字母與數字組合',
  passwordFormatShort: '密碼須為 6-12 位英文字母與數字組合',
  loginPasswordFormat: '密碼須為 6 位以上英文字母或數字',
  oldPasswordRequired: '請輸入舊密碼',
  newPasswordRequired: '請輸入新密碼',
  confirmRequired: '請再次輸入密碼',
  confirmMismatch: '兩次輸入的密碼不一致',
  genderRequired: '請選擇性別',
  emailFormat: '格式錯誤',
  birthdayFormat: '生日格式錯誤',
  birthdayTooRecent: '生日須為 12 年前（含）以前的日期',
  codeRequired: '請輸入驗證碼',
  codeFormat: '驗證碼為 6 位數字',
  inviteCodeFormat: '邀請碼格式錯誤',
  thirdPartyCrmDataInvalid: '第三方 CRM 資料無法讀取',
  thirdPartyCrmDataTooComplex: '第三方 CRM 資料的巢狀層數或項目數過多',
  controlCharacters: '不可包含控制字元或無法辨識的字元',
  taskNotFound: '查無此任務',
  pointNotFound: '查無此點數',
} as const;

// A PARAMETER_INVALID RM names the field it refuses at its end, in full-width brackets, such as
// 生日格式錯誤（register.birthday）: the field is for the caller's logs, not for a member.
const NAMED_FIELD = /\s*（[\w.[\]-]+）\s*$/u;

/** The RM refusing one field: its message, then the field's path in brackets. */
export const refusalNaming = (field: string, message: string): string => `${message}（${field}）`;

/** An RM without the field it names at its end: the part a member reads. */
export const withoutNamedField = (rm: string): string => rm.replace(NAMED_FIELD, '');
