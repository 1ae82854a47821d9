export const shareTexts = {
  button: '分享我的邀請連結',
  title: '邀請你加入會員',
  text: '邀請你一起加入會員！透過我的邀請連結註冊，完成首次消費即可獲得好禮。',
  message: (link: string) => `邀請你一起加入會員！透過我的邀請連結註冊，完成首次消費即可獲得好禮：\n${link}`,
  shared: '邀請連結已分享',
  copied: '邀請連結已複製，貼給好友即可邀請',
  failed: '無法分享邀請連結，請稍後再試',
};
