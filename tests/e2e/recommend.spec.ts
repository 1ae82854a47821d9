import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { freshDataDir, type MemberServer, startMemberServer } from './member-server';
import { recordShares } from './share-sheet';

// The fresh database holds only the demo member printed at start.
const DEMO_MEMBER = { mobile: '0912345678', password: 'demo1234' };

let server: MemberServer;

test.beforeAll(async () => {
  server = await startMemberServer(freshDataDir());
});

test.afterAll(async () => {
  await server?.stop();
});

const shot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: info.outputPath(`${name}-360x640.png`), fullPage: true });

test('a visitor who opens /recommend directly is led back to the login screen', async ({ page }, info) => {
  await page.goto(`${server.url}/recommend`);
  await expect(page.getByRole('heading', { name: '邀請好友有禮' })).toBeVisible();
  await expect(page.getByRole('region', { name: '我的邀請碼' })).toHaveCount(0);
  await shot(page, info, 'recommend-visitor');
  await page.getByRole('link', { name: '返回登入' }).click();
  await expect(page).toHaveURL(`${server.url}/login`);
});

test('a signed-in member who opens /recommend directly sees their own code, shares it, and goes back to the profile', async ({
  page,
}, info) => {
  const shares = await recordShares(page);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('帳號').fill(DEMO_MEMBER.mobile);
  await page.getByLabel('密碼', { exact: true }).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/change_member`);
  const profileCode = page.getByRole('region', { name: '我的邀請碼' }).locator('.font-mono');
  const code = (await profileCode.textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{8}$/);

  // Opened as a link from a chat would open it: a new page, with no way back in its history.
  await page.goto(`${server.url}/recommend`);
  const own = page.getByRole('region', { name: '我的邀請碼' });
  await expect(own.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '返回登入' })).toHaveCount(0);
  await shot(page, info, 'recommend-member');
  await expectAccessible(page, '/recommend opened by a signed-in member');

  await own.getByRole('button', { name: '分享我的邀請連結' }).click();
  await expect(page.getByText('邀請連結已分享')).toBeVisible();
  const [invite] = await shares();
  expect(invite?.url).toBe(`${server.url}/registerFirst?referrer_code=${code}`);

  await page.getByRole('link', { name: '返回基本資料' }).click();
  await expect(page).toHaveURL(`${server.url}/change_member`);
  await expect(page.getByRole('heading', { name: '基本資料' })).toBeVisible();
});
