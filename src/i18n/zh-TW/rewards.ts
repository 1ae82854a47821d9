export const rewardsTexts = {
  couponValid: (days: number) => `領取後 ${days} 天內有效`,
  couponCount: (count: number) => `${count} 張`,
  points: (amount: number) => `${amount.toLocaleString('zh-TW')} 點`,
  pointsExpire: (date: string) => `點數效期至 ${date}`,
  brands: '適用品牌',
  coupon: '優惠券',
  point: '點數',
  empty: '目前沒有獎勵活動。',
};
