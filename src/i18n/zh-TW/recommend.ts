export const recommendTexts = {
  heading: '邀請好友有禮',
  rewardsHeading: '每邀請一位好友完成首次消費，您可獲得',
  back: '返回',
  retry: '重新載入',
};
