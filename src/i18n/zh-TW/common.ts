export const commonTexts = {
  loading: '載入中...',
  /** Said beside the loading text once a call has run this long: the member knows why they wait. */
  stillLoading: '網路較慢，仍在處理中，請稍候…',
  networkFailure: '網路連線不穩定，請確認連線後再試一次',
  tryAgain: '再試一次',
  noticeTitle: '提示',
  close: '關閉',
  goBindLine: '前往綁定',
  backToLogin: '返回登入',
  toLogin: '前往登入',
  /** A way back for a signed-in member, whom the login screen would only send on. */
  backToProfile: '返回基本資料',
  /** The way into the member area (its default page) from a screen the member did not come to from there. */
  goToMemberArea: '前往會員中心',
  /** Said in place of a success overlay's redirecting line when the redirect could not be fetched; the way on follows. */
  redirectFailed: '自動導向失敗，請點選下方按鈕前往。',
  /** Where a screen got no answer and this browser keeps the member card: the card works offline. */
  showMemberCard: '出示會員卡',
  ok: '確定',
  /** Another window or tab of this browser signed out, and this one, which shares its session, follows. */
  signedOutElsewhere: '您已在其他視窗或分頁登出，請重新登入。',
  /** Another window or tab signed in again, perhaps as another member: this screen now shows that session's member. */
  signedInElsewhere: '您已在其他視窗或分頁重新登入，本頁已改為顯示目前登入的帳號。',
};
