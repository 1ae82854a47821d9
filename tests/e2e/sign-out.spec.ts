import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { profileAnswerFor, registerUnverifiedMember } from './member-api';
import { freshDataDir, type MemberServer, startMemberServer } from './member-server';

const MEMBER = { mobile: '0933222111', password: 'abc12345', name: '周小美' };
const HOUSEMATE = { mobile: '0933222999', password: 'xyz98765', name: '吳大同' };

const SIGNED_OUT_THERE = '您已在其他視窗或分頁登出，請重新登入。';

let server: MemberServer;

test.beforeAll(async () => {
  server = await startMemberServer(freshDataDir());
  await registerUnverifiedMember(server.url, MEMBER);
  await registerUnverifiedMember(server.url, HOUSEMATE);
});

test.afterAll(async () => {
  await server?.stop();
});

const shot = (page: Page, info: TestInfo, name: string, fullPage = false) =>
  page.screenshot({ path: info.outputPath(`${name}-360x640.png`), fullPage });

const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('memberAuth') ?? 'null')?.token as string | undefined);

async function logIn(page: Page, member: { mobile: string; password: string }) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('帳號').fill(member.mobile);
  await page.getByLabel('密碼', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
}

test('a member signs out from the profile: back on /login, and the old token is dead', async ({ page }, info) => {
  await logIn(page, MEMBER);
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

test("two tabs of one browser: the first follows the other's sign-out and sign-in, so its save never lands in the other account", async ({
  page,
  context,
}, info) => {
  await logIn(page, MEMBER);
  await expect(page.getByLabel('姓名')).toHaveValue(MEMBER.name);
  await page.getByLabel('姓名').fill('周小美美');

  const other = await context.newPage();
  await other.goto(`${server.url}/change_member`);
  await expect(other.getByLabel('姓名')).toHaveValue(MEMBER.name);
  await other.getByRole('button', { name: '登出' }).click();
  await expect(other).toHaveURL(`${server.url}/login`);

  await test.step('the first tab goes to /login by itself, and says why', async () => {
    await expect(page).toHaveURL(`${server.url}/login`);
    await expect(page.getByRole('heading', { name: '會員登入' })).toBeVisible();
    const told = page.getByRole('dialog', { name: '提示' });
    await expect(told).toContainText(SIGNED_OUT_THERE);
    await expect(told.getByRole('button', { name: '關閉' })).toBeFocused();
    await expectAccessible(page, 'told of the sign-out in another tab');
    await shot(page, info, 'two-tabs-signed-out-there');
    await page.keyboard.press('Enter');
    await expect(told).toBeHidden();
  });

  await test.step('signed in as someone else there, the first tab stays on /login until it is used', async () => {
    await logIn(other, HOUSEMATE);
    await expect(other.getByLabel('姓名')).toHaveValue(HOUSEMATE.name);
    await expect(page).toHaveURL(`${server.url}/login`);
  });

  await test.step('a tab on the profile with edits typed follows the sign-out there, and the next sign-in leaves it on /login', async () => {
    await page.goto(`${server.url}/change_member`);
    await expect(page.getByLabel('姓名')).toHaveValue(HOUSEMATE.name);
    await page.getByLabel('姓名').fill('吳大同同');
    await other.getByRole('button', { name: '登出' }).click();
    await expect(other).toHaveURL(`${server.url}/login`);
    await expect(page).toHaveURL(`${server.url}/login`);
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '關閉' }).click();
    await logIn(other, MEMBER);
    await expect(other.getByLabel('姓名')).toHaveValue(MEMBER.name);
    await expect(page).toHaveURL(`${server.url}/login`);
  });

  await test.step('sent to /login from a screen, the first tab brings its member back to it once signed in there', async () => {
    await page.goto(`${server.url}/change_pwd`);
    await expect(page.getByLabel('舊密碼')).toBeVisible();
    await other.getByRole('button', { name: '登出' }).click();
    await expect(page).toHaveURL(`${server.url}/login`);
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '關閉' }).click();
    await page.getByLabel('帳號').fill(MEMBER.mobile);
    await page.getByLabel('密碼', { exact: true }).fill(MEMBER.password);
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/change_pwd`);
    await expect(page.getByLabel('舊密碼')).toBeVisible();
  });

  await test.step('nothing typed in a tab reached an account', async () => {
    await other.reload();
    await expect(other.getByLabel('姓名')).toHaveValue(MEMBER.name);
    await shot(other, info, 'two-tabs-other-member');
    await other.getByRole('button', { name: '登出' }).click();
    await expect(other).toHaveURL(`${server.url}/login`);
    await logIn(other, HOUSEMATE);
    await expect(other.getByLabel('姓名')).toHaveValue(HOUSEMATE.name);
  });

  await test.step('signed in as someone else on the first tab’s /login, the other shows that member and says why', async () => {
    await expect(page).toHaveURL(`${server.url}/login`);
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '關閉' }).click();
    await page.getByLabel('帳號').fill(MEMBER.mobile);
    await page.getByLabel('密碼', { exact: true }).fill(MEMBER.password);
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/change_pwd`);
    await expect(other.getByLabel('姓名')).toHaveValue(MEMBER.name);
    const told = other.getByRole('dialog', { name: '提示' });
    await expect(told).toContainText('您已在其他視窗或分頁重新登入，本頁已改為顯示目前登入的帳號。');
    await expectAccessible(other, 'told of the sign-in in another tab');
    await shot(other, info, 'two-tabs-signed-in-there');
    await told.getByRole('button', { name: '關閉' }).click();
    await expect(told).toBeHidden();
  });
});
