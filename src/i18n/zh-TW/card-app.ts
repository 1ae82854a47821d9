// The member card installed on the home screen: the build writes these into its manifest
// (scripts/card-app-plugin.ts), so they stay out of the card screen's chunk.
export const cardAppTexts = {
  /** Under the icon. */
  shortName: '會員卡',
  name: '會員中心 會員卡',
  description: '在門市結帳時出示會員條碼，沒有網路也能使用。',
};
