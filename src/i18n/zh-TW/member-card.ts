import { CARD_STEP_SECONDS } from '#protocol/member-card-values';

export const memberCardTexts = {
  heading: '會員卡',
  open: '會員卡',
  showAtCheckout: '結帳時請出示此條碼',
  barcodeLabel: (grouped: string) => `會員條碼：${grouped}`,
  qrLabel: (grouped: string) => `會員 QR 碼：${grouped}`,
  countdown: (seconds: number) => `條碼每 ${CARD_STEP_SECONDS} 秒更新，${seconds} 秒後更新`,
  /** Said once per new code; not its digits, which the barcode and QR code are named with. */
  renewed: '會員條碼已更新',
  offline: '目前離線，顯示已儲存的會員卡，條碼仍可使用。',
  unverifiedTitle: '請先完成手機驗證',
  unverified: '完成手機驗證後，即可在門市出示會員條碼累積消費。',
  verify: '前往驗證',
  recentHeading: '最近使用',
  noRecent: '尚無使用紀錄',
  loading: '正在載入會員卡…',
  loadFailed: '無法載入會員卡',
  retry: '重新載入',
};
