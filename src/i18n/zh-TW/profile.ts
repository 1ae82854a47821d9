import { PROFILE_GENDERS } from './genders';
import { screenTitles } from './screen-titles';

export const profileTexts = {
  // The screen's title, which its loading view shows before these texts have come.
  heading: screenTitles['/change_member'],
  accountLabel: '帳號（手機號碼）',
  changeMobile: '變更',
  // The link's name starts with the 變更 it shows (WCAG 2.5.3).
  changeMobileLabel: (mobile: string) => `變更手機號碼（目前為 ${mobile}）`,
  verified: '已驗證',
  notVerified: '您的手機號碼尚未驗證',
  verifyMobile: '立即驗證',
  nameLabel: '姓名',
  namePlaceholder: '請輸入姓名',
  genderLabel: '性別（選填）',
  genders: PROFILE_GENDERS,
  emailLabel: '電子信箱（選填）',
  emailPlaceholder: '例如 name@example.com',
  birthdayLabel: '生日（選填）',
  birthdayHint: '生日送出後無法修改，填寫生日可獲得生日禮',
  birthdayLocked: '生日設定後無法修改',
  referralHeading: '我的邀請碼',
  referralHint: '好友註冊時填寫您的邀請碼，即可參加邀請好友活動。',
  copy: '複製',
  copyLabel: '複製邀請碼',
  copied: '邀請碼已複製',
  copyFailed: '無法自動複製，請長按邀請碼自行複製。',
  save: '儲存',
  saved: '修改成功',
  unsavedEditsBack: '已帶回您上次尚未儲存的修改，確認後請按「儲存」。',
  mobileChanged: '手機號碼變更成功',
  mobileVerified: '手機驗證成功',
  changePassword: '修改密碼',
  signOut: '登出',
};
