import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { freshDataDir, type MemberServer, startMemberServer } from './member-server';
import { recordShares } from './share-sheet';
import { loseScripts } from './weak-signal';

// Demo LINE: no LIFF_ID, so the browser's LIFF is @line/liff-mock (one LINE user per browser) and
// the server accepts its demo tokens. The fresh database holds only the demo member printed at start.
const DEMO_MEMBER = { mobile: '0912345678', password: 'demo1234' };
const NEWCOMER = { mobile: '0955000777', name: '林小綠', password: 'line1234' };

let server: MemberServer;

test.beforeAll(async () => {
  server = await startMemberServer(freshDataDir());
  expect(server.output()).toContain('LIFF');
});

test.afterAll(async () => {
  await server?.stop();
});

const shot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: info.outputPath(`${name}-360x640.png`) });

const memberArea = () => `${server.url}/change_member`;

/** Taps the LINE card on /login; the demo LINE logs this browser's LINE user in on the spot. */
async function lineLogin(page: Page) {
  await page.goto(`${server.url}/login`);
  const card = page.getByRole('button', { name: /使用 LINE 帳號登入/ });
  await expect(card).toContainText('示範 LINE');
  await card.click();
}

/** How many lines a text of `card` (found by its words) takes on the screen. */
const linesOf = (card: ReturnType<Page['getByRole']>, text: string) =>
  card.evaluate((element, words) => {
    const node = [...element.querySelectorAll('span')].find((span) => span.textContent === words);
    if (!node) return 0;
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  }, text);

test('the demo LINE card keeps its title on one line at 320 px, its badge under the texts', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`${server.url}/login`);
  const card = page.getByRole('button', { name: /使用 LINE 帳號登入/ });
  await expect(card).toContainText('示範 LINE');
  expect(await linesOf(card, '使用 LINE 帳號登入')).toBe(1);
  expect(await linesOf(card, '示範 LINE')).toBe(1);
});

/** Signs the member out on this device, as an expired session would; the browser stays the same LINE user. */
const signOut = (page: Page) =>
  page.evaluate(() => {
    localStorage.removeItem('memberAuth');
    sessionStorage.clear();
  });

async function expectNotBound(page: Page, info: TestInfo, name: string) {
  const notice = page.getByRole('dialog', { name: '提示' });
  await expect(notice).toContainText('此 LINE ID 尚未綁定會員。非會員請先註冊，會員可綁定後使用 LINE 登入');
  await shot(page, info, name);
  await notice.getByRole('link', { name: '前往綁定' }).click();
  await expect(page).toHaveURL(`${server.url}/line_bind`);
}

test('a member binds LINE with mobile and password, then LINE login goes straight to the member area', async ({
  page,
}, info) => {
  await lineLogin(page);
  await expectNotBound(page, info, 'line-not-bound');

  // A member who would rather not bind has a way back, where LINE's browser shows no Back button.
  await expect(page.getByRole('link', { name: '返回登入' })).toBeInViewport();
  await shot(page, info, 'line-bind-mobile');
  await page.getByLabel('手機號碼').fill(DEMO_MEMBER.mobile);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(`${server.url}/line_bind/login`);
  await expect(page.getByText('帳號：0912-345-678')).toBeVisible();
  await expect(page.getByRole('link', { name: '忘記密碼' })).toHaveAttribute('href', '/forgotPassword');

  await page.getByLabel('密碼', { exact: true }).fill('wrong999');
  await page.getByRole('button', { name: '綁定並登入' }).click();
  const notice = page.getByRole('dialog', { name: '提示' });
  await expect(notice).toContainText('密碼錯誤');
  await shot(page, info, 'line-bind-wrong-password');
  await notice.getByRole('button', { name: '確定' }).click();

  await page.getByLabel('密碼', { exact: true }).fill(DEMO_MEMBER.password);
  await shot(page, info, 'line-bind-password');
  await page.getByRole('button', { name: '綁定並登入' }).click();
  const overlay = page.getByRole('dialog', { name: '綁定成功' });
  await expect(overlay).toContainText('將自動為您導向');
  await shot(page, info, 'line-bind-success');
  await expect(page).toHaveURL(memberArea());
  expect(await page.evaluate(() => localStorage.getItem('login_type'))).toBe('Line');
  expect(await page.evaluate(() => sessionStorage.getItem('line_verify_data'))).toBeNull();

  await signOut(page);
  await lineLogin(page);
  await expect(page).toHaveURL(memberArea());
  await expect(page.getByRole('heading', { name: '基本資料' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('login_type'))).toBe('Line');
  expect(await page.evaluate(() => sessionStorage.getItem('line_access_token'))).toMatch(/^demo\.[0-9a-f-]{36}$/);
  await shot(page, info, 'line-login-bound');
});

test('a LINE user who is not a member registers from the bind screen and is bound by registering', async ({
  page,
}, info) => {
  await lineLogin(page);
  await expectNotBound(page, info, 'newcomer-not-bound');
  await page.getByLabel('手機號碼').fill(NEWCOMER.mobile);
  await page.getByRole('button', { name: '下一步' }).click();
  const offer = page.getByRole('dialog', { name: '提示' });
  await expect(offer).toContainText('此手機號碼尚未註冊，是否前往註冊？');
  await shot(page, info, 'line-bind-not-registered');
  await offer.getByRole('button', { name: '會員註冊' }).click();

  await expect(page).toHaveURL(`${server.url}/registerFirst`);
  await expect(page.getByLabel('手機號碼')).toHaveValue(NEWCOMER.mobile);
  // The registration says it binds this LINE account, with the way not to, and fits a phone's width.
  await expect(page.getByRole('note')).toContainText('新帳號將綁定剛才在此登入的 LINE 帳號');
  await expect(page.getByRole('button', { name: '不綁定 LINE' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, info, 'register-line-bind-note');
  await expectAccessible(page, 'register step 1 with the LINE bind note');
  await page.getByLabel('姓名').fill(NEWCOMER.name);
  await page.getByLabel('密碼', { exact: true }).fill(NEWCOMER.password);
  await page.getByLabel('確認密碼').fill(NEWCOMER.password);
  const terms = page.getByRole('checkbox', { name: /^我已閱讀並同意「/ });
  await expect(terms.first()).toBeVisible();
  for (let i = 0; i < (await terms.count()); i++) {
    await terms.nth(i).click();
    await page.getByRole('dialog').getByRole('button', { name: '我已閱讀並同意條款' }).click();
  }
  await page.getByRole('button', { name: '下一步' }).click();
  // Step 2 sends the registration, so it says so too.
  await expect(page.getByRole('note')).toContainText('新帳號將綁定剛才在此登入的 LINE 帳號');
  await shot(page, info, 'register-step-two-line-bind-note');
  await expectAccessible(page, 'register step 2 with the LINE bind note');
  await page.getByRole('button', { name: '跳過此步驟，直接註冊' }).click();
  await expect(page).toHaveURL(`${server.url}/registerFinal`);
  await page.getByRole('button', { name: '跳過手機驗證' }).click();
  await expect(page.getByRole('dialog', { name: '註冊成功' })).toBeVisible();
  await expect(page).toHaveURL(memberArea(), { timeout: 10_000 });

  await signOut(page);
  await lineLogin(page);
  await expect(page).toHaveURL(memberArea());
  await expect(page.getByText(/0955-?000-?777|0955000777/).first()).toBeVisible();
  await shot(page, info, 'newcomer-line-login');
});

async function openProfileSignedIn(page: Page) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('帳號').fill(DEMO_MEMBER.mobile);
  await page.getByLabel('密碼', { exact: true }).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(memberArea());
  await expect(page.getByRole('heading', { name: '基本資料' })).toBeVisible();
}

test('the profile shares the invite link through the share sheet, and the link prefills the invite code', async ({
  page,
}, info) => {
  const shares = await recordShares(page);
  await openProfileSignedIn(page);
  await page.getByRole('button', { name: '分享我的邀請連結' }).click();
  await expect(page.getByText('邀請連結已分享')).toBeVisible();
  await shot(page, info, 'profile-share');
  const [invite] = await shares();
  expect(invite?.title).toBe('邀請你加入會員');
  const link = new URL(invite?.url ?? '');
  expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/registerFirst`);
  const code = link.searchParams.get('referrer_code') ?? '';
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await expect(page.getByText(code, { exact: true })).toBeVisible();

  // A friend opens it as a LIFF deep link would arrive (liff.state); the invite code waits in step 2.
  await signOut(page);
  await page.goto(`${server.url}/?liff.state=${encodeURIComponent(`/registerFirst?referrer_code=${code}`)}`);
  await expect(page).toHaveURL(`${server.url}/registerFirst?referrer_code=${code}`);
  // The route keeps the code as it loads, after the address has moved: asked until it is there.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('register2') ?? '{}').referrer_code))
    .toBe(code);
});

test('where the browser cannot share, the invite link is copied', async ({ page, context }, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'share');
  });
  await openProfileSignedIn(page);
  await page.getByRole('button', { name: '分享我的邀請連結' }).click();
  await expect(page.getByText('邀請連結已複製，貼給好友即可邀請')).toBeVisible();
  await shot(page, info, 'profile-share-copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^${server.url}/registerFirst\\?referrer_code=[A-Z0-9]{8}$`));
});

test('LINE login whose code is lost on the way says it is the connection, and starts on the next tap', async ({
  page,
}, info) => {
  // The LIFF SDK (the demo's mock too) loads when the member taps the card, outside LINE.
  const found = await loseScripts(page, /^liff-sdk-/);
  await page.goto(`${server.url}/login`);
  const card = page.getByRole('button', { name: /使用 LINE 帳號登入/ });
  await card.click();
  const notice = page.getByRole('dialog', { name: '提示' });
  await expect(notice).toContainText('網路連線不穩定，請確認連線後再試一次');
  await expect(notice).not.toContainText('import');
  await shot(page, info, 'line-code-lost');
  await expectAccessible(page, 'login: LINE whose code did not come');
  await notice.getByRole('button', { name: '關閉' }).click();

  found();
  await card.click();
  await expect(notice).toContainText('此 LINE ID 尚未綁定會員');
});
