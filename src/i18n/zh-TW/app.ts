export const appTexts = {
  title: '會員中心',
  logoAlt: '會員中心',
  rootError: 'error',
  notFound: '找不到此頁面',
  routeErrorTitle: '無法顯示此頁面',
  configErrorTitle: '會員中心設定錯誤，無法啟動',
  configErrorIntro: '以下設定值缺少或格式錯誤：',
  pageTitle: (screen: string) => `${screen} | 會員中心`,
};
