import { expect, type Page, test } from '@playwright/test';
import { freshDataDir, importMembers, type MemberServer, startMemberServer } from './member-server';

const LEGACY_CSV = 'mobile,name,birthday,gender,email\n0911222333,林舊會員,1980/12/01,F,legacy@example.com\n';

let server: MemberServer;

test.beforeAll(async () => {
  const dataDir = freshDataDir();
  const report = await importMembers(dataDir, LEGACY_CSV);
  expect(report).toContain('匯入 1 筆會員，');
  server = await startMemberServer(dataDir);
});

test.afterAll(async () => {
  await server?.stop();
});

async function logIn(page: Page, account: string, password: string) {
  await page.getByLabel('帳號').fill(account);
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
}

test('a legacy member logs in with the birthday password and lands where the server says', async ({ page }, info) => {
  await page.goto(`${server.url}/login`);
  await expect(page.getByRole('button', { name: '登入', exact: true })).toBeVisible();
  await page.screenshot({ path: info.outputPath('login-360x640.png') });
  await logIn(page, '0911222333', '19801201');
  // An imported member has not chosen a password yet, so the server sends them to change it.
  await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  await page.screenshot({ path: info.outputPath('after-login-360x640.png') });
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('memberAuth') ?? 'null'));
  expect(session.token).toMatch(/^[\w-]{43}$/);
  expect(session.expireTime).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(await page.evaluate(() => localStorage.getItem('login_type'))).toBe('Member');
});

test('a wrong password shows the server message in the notice modal', async ({ page }, info) => {
  await page.goto(`${server.url}/login`);
  await logIn(page, '0911222333', '19991231');
  const notice = page.getByRole('dialog', { name: '提示' });
  await expect(notice).toContainText('密碼錯誤');
  await page.screenshot({ path: info.outputPath('wrong-password-360x640.png') });
  await notice.getByRole('button', { name: '關閉' }).click();
  await expect(notice).toBeHidden();
  await expect(page).toHaveURL(`${server.url}/login`);
});

test('the password’s show/hide toggle is a whole fingertip’s target (44 × 44 px), inside the field', async ({
  page,
}) => {
  await page.goto(`${server.url}/login`);
  const toggle = page.getByRole('button', { name: '顯示密碼' });
  const box = await toggle.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  const field = await page.getByLabel('密碼', { exact: true }).boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual((field?.y ?? 0) + (field?.height ?? 0));
  await toggle.click();
  await expect(page.getByRole('button', { name: '隱藏密碼' })).toBeVisible();
});

test('the profile needs a session: a visitor lands on the login screen', async ({ page }) => {
  await page.goto(`${server.url}/change_member`);
  await expect(page).toHaveURL(`${server.url}/login`);
  await expect(page.getByRole('button', { name: '登入', exact: true })).toBeVisible();
});

test('an unknown mobile runs the comparison check', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await logIn(page, '0900000000', 'abc123');
  await expect(page.getByRole('dialog', { name: '提示' })).toContainText('請使用 HI-Q APP 會員帳號登入');
});
