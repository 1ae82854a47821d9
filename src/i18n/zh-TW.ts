import { VALIDATION_MESSAGES } from '../../protocol/messages';

/** Every string a person sees in the web app. RMs come from the server as they are. */
export const t = {
  validation: VALIDATION_MESSAGES,
  app: {
    title: '會員中心',
    logoAlt: '會員中心',
    rootError: 'error',
    notFound: '找不到此頁面',
    configErrorTitle: '會員中心設定錯誤，無法啟動',
    configErrorIntro: '以下設定值缺少或格式錯誤：',
  },
  common: {
    loading: '載入中...',
    noticeTitle: '提示',
    close: '關閉',
    goBindLine: '前往綁定',
    backToLogin: '返回登入',
    comingSoon: '此功能即將開放',
    comingSoonHint: '我們正在準備這項服務，請稍後再回來看看。',
  },
  login: {
    heading: '會員登入',
    accountLabel: '帳號',
    accountPlaceholder: '請輸入手機號碼',
    passwordLabel: '密碼',
    passwordPlaceholder: '6 位以上英數字組合',
    showPassword: '顯示密碼',
    hidePassword: '隱藏密碼',
    submit: '登入',
    register: '會員註冊',
    forgotPassword: '忘記密碼',
    firstLoginHelp: '首次登入說明',
    or: '或',
    lineLogin: '使用 LINE 帳號登入',
    lineLoginHint: '綁定後即可使用 LINE 快速登入',
    lineDemoBadge: '示範 LINE',
    lineComingSoon: 'LINE 登入功能即將開放，請先使用手機號碼與密碼登入。',
    systemUpgraded: '系統已升級整合，將為您導向會員頁面，請重新註冊並登入',
    useHiqAppAccount: '請使用 HI-Q APP 會員帳號登入',
  },
  firstLogin: {
    heading: '首次登入說明',
    points: [
      '門市快速入會或紙本申請入會（含舊系統）的會員：帳號為手機號碼，密碼為生日 8 碼（西元年月日，例如 19801201）。',
      '於官網註冊的會員：帳號為手機號碼，密碼為您在官網設定的密碼。',
      '曾使用 APP 的會員：請使用與 APP 相同的帳號密碼登入。',
      '登入後請重新確認您的會員資料，並修改密碼。',
    ],
  },
} as const;
