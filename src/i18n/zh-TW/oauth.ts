export const oauthTexts = {
  heading: '會員授權登入',
  checking: '正在確認授權請求…',
  sharing: (client: string) =>
    `「${client}」將取得您的會員資料：會員編號、姓名、手機號碼、性別、電子信箱、生日與手機驗證狀態。`,
  goingTo: (client: string) => `正在前往「${client}」…`,
  failed: '無法完成授權。請回到原本的網站或應用程式，重新操作一次。',
  /** No answer came, or the server failed: the hop can go on from here (the notice says which). */
  unfinished: '授權尚未完成，請再試一次。',
  /** The session changed under the hop (another window or tab signed in again): whose account it would go on with. */
  goOnAs: (mobile: string) => `目前登入的帳號為 ${mobile}。若要以此帳號授權，請按「繼續授權」。`,
  /** As `goOnAs`, when the account could not be asked for. */
  goOnAsSignedIn: '目前登入的帳號已變更。若要以目前登入的帳號授權，請按「繼續授權」。',
  goOn: '繼續授權',
};
