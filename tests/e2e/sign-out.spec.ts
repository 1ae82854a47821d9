import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { profileAnswerFor, registerUnverifiedMember } from './member-api';
import { freshDataDir, type MemberServer, startMemberServer } from './member-server';

const MEMBER = { mobile: '0933222111', password: 'abc12345', name: '周小美' };

let server: MemberServer;

test.beforeAll(async () => {
  server = await startMemberServer(freshDataDir());
  await registerUnverifiedMember(server.url, MEMBER);
});

test.afterAll(async () => {
  await server?.stop();
});

const shot = (page: Page, info: TestInfo, name: string, fullPage = false) =>
  page.screenshot({ path: info.outputPath(`${name}-360x640.png`), fullPage });

const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('memberAuth') ?? 'null')?.token as string | undefined);

test('a member signs out from the profile: back on /login, and the old token is dead', async ({ page }, info) => {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('帳號').fill(MEMBER.mobile);
  await page.getByLabel('密碼', { exact: true }).fill(MEMBER.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/change_member`);
  await expect(page.getByLabel('姓名')).toHaveValue(MEMBER.name);
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  expect(await profileAnswerFor(server.url, token ?? '')).toBe('C01');

  await test.step('signed in, registration leads to the profile; password recovery stays open', async () => {
    await page.goto(`${server.url}/registerFirst`);
    await expect(page).toHaveURL(`${server.url}/change_member`);
    await expect(page.getByLabel('姓名')).toHaveValue(MEMBER.name);
    await page.goto(`${server.url}/forgotPassword`);
    await expect(page.getByRole('heading', { name: '忘記密碼' })).toBeVisible();
    await page.getByRole('link', { name: '返回修改密碼' }).click();
    await expect(page).toHaveURL(`${server.url}/change_pwd`);
    await page.getByRole('link', { name: '返回基本資料' }).click();
    await expect(page.getByLabel('姓名')).toHaveValue(MEMBER.name);
  });

  await test.step('the profile leads to 修改密碼 and back', async () => {
    await page.getByRole('link', { name: '修改密碼' }).click();
    await expect(page).toHaveURL(`${server.url}/change_pwd`);
    await shot(page, info, 'change-password-back-link', true);
    await page.getByRole('link', { name: '返回基本資料' }).click();
    await expect(page).toHaveURL(`${server.url}/change_member`);
    await expect(page.getByLabel('姓名')).toHaveValue(MEMBER.name);
  });

  await test.step('登出', async () => {
    const signOut = page.getByRole('button', { name: '登出' });
    await signOut.scrollIntoViewIfNeeded();
    await shot(page, info, 'profile-sign-out');
    await shot(page, info, 'profile-sign-out-full', true);
    await signOut.click();
    await expect(page).toHaveURL(`${server.url}/login`);
    await expect(page.getByRole('heading', { name: '會員登入' })).toBeVisible();
    expect(await storedToken(page)).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('login_type'))).toBeNull();
    expect(await profileAnswerFor(server.url, token ?? '')).toBe('TOKEN_INVALID');
  });

  await test.step('signed out, the profile is closed and the ways in are open again', async () => {
    await page.goto(`${server.url}/change_member`);
    await expect(page).toHaveURL(`${server.url}/login`);
    await page.goto(`${server.url}/registerFirst`);
    await expect(page).toHaveURL(`${server.url}/registerFirst`);
    await expect(page.getByRole('heading', { name: '會員註冊' })).toBeVisible();
  });
});

test('a member signed in with (demo) LINE signs out of the app and of LIFF, and lands on /login', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: /使用 LINE 帳號登入/ }).click();
  await page.getByRole('dialog', { name: '提示' }).getByRole('link', { name: '前往綁定' }).click();
  await page.getByLabel('手機號碼').fill(MEMBER.mobile);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByLabel('密碼', { exact: true }).fill(MEMBER.password);
  await page.getByRole('button', { name: '綁定並登入' }).click();
  await expect(page).toHaveURL(`${server.url}/change_member`);
  expect(await page.evaluate(() => localStorage.getItem('login_type'))).toBe('Line');
  const token = await storedToken(page);

  await page.getByRole('button', { name: '登出' }).click();

  await expect(page).toHaveURL(`${server.url}/login`);
  await expect(page.getByRole('heading', { name: '會員登入' })).toBeVisible();
  expect(await storedToken(page)).toBeUndefined();
  expect(await page.evaluate(() => sessionStorage.getItem('line_access_token'))).toBeNull();
  expect(await profileAnswerFor(server.url, token ?? '')).toBe('TOKEN_INVALID');
});
