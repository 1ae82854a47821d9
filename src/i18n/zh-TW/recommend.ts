export const recommendTexts = {
  heading: '邀請好友有禮',
  rewardsHeading: '每邀請一位好友完成首次消費，您可獲得',
  back: '返回',
  retry: '重新載入',
  /** Shown to a signed-in member: the code this page's copy asks them to share. */
  ownCodeHeading: '我的邀請碼',
  ownCodeHint: '好友註冊時填寫您的邀請碼，或透過您分享的邀請連結註冊即可。',
  ownCodeLoading: '正在載入您的邀請碼…',
};
