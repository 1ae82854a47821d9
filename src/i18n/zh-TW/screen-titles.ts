import type { AppRoute } from '#protocol/routes';

/** The page title of each screen URL (protocol/routes.ts), said when the screen shows. */
export const screenTitles = {
  '/login': '會員登入',
  '/login/text': '首次登入說明',
  '/member_card': '會員卡',
  '/registerFirst': '會員註冊：基本資料',
  '/registerSecond': '會員註冊：選填資料',
  '/registerFinal': '會員註冊：手機驗證',
  '/registerFinal/change_mobile': '會員註冊：變更手機號碼',
  '/forgotPassword': '忘記密碼',
  '/verify_forget_password': '輸入驗證碼',
  '/reset_pwd': '重設密碼',
  '/authorize': '會員授權登入',
  '/change_pwd': '修改密碼',
  '/change_member': '基本資料',
  '/Change_member_mobile': '變更手機號碼',
  '/change_member_mobile': '變更手機號碼',
  '/verify_member_mobile': '驗證新手機號碼',
  '/verify_mobile': '手機驗證',
  '/line_bind': '綁定 LINE 帳號',
  '/line_bind/login': '綁定 LINE 帳號',
  '/recommend': '邀請好友有禮',
} satisfies Record<Exclude<AppRoute, '/'>, string>;
