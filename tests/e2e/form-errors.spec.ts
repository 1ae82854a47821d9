import { expect, type Page, test } from '@playwright/test';
import { registerUnverifiedMember } from './member-api';
import { freshDataDir, type MemberServer, startMemberServer } from './member-server';

const MEMBER = { mobile: '0933555777', password: 'abc12345', name: '黃小芬' };
const SHOTS = process.env.FORM_SHOTS_DIR;

let server: MemberServer;

test.beforeAll(async () => {
  server = await startMemberServer(freshDataDir());
  await registerUnverifiedMember(server.url, MEMBER);
});

test.afterAll(async () => {
  await server?.stop();
});

/** Screenshots for review; written only when FORM_SHOTS_DIR names a folder outside the repository. */
const shot = async (page: Page, name: string, fullPage = false) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-360x640.png`, fullPage });
};

test('registration step 1 says what is wrong instead of greying out 下一步', async ({ page }) => {
  await page.goto(`${server.url}/registerFirst`);
  await page.getByLabel('密碼', { exact: true }).fill('abc12345');
  await page.getByLabel('確認密碼').fill('abc12346');
  await page.getByLabel('確認密碼').blur();
  await expect(page.getByText('兩次輸入的密碼不一致')).toBeVisible();
  await expect(page.getByLabel('確認密碼')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'register-first-mismatch');

  const next = page.getByRole('button', { name: '下一步' });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page.getByLabel('手機號碼')).toBeFocused();
  await expect(page.getByText('請輸入手機號碼')).toBeVisible();
  await expect(page.getByText('請輸入姓名')).toBeVisible();
  await expect(page.getByText('請閱讀並同意所有會員條款')).toBeVisible();
  await shot(page, 'register-first-errors');
  await shot(page, 'register-first-errors-full', true);
});

test('a tap on 下一步 straight from a wrong field is not lost to that field’s message', async ({ page }) => {
  // The message would appear above the button as the field is left, pushing the button down
  // under the finger: the tap must still submit, show every message and lead to the first.
  await page.goto(`${server.url}/registerFirst`);
  await page.getByLabel('密碼', { exact: true }).fill('abcdef');
  await page.getByRole('button', { name: '下一步' }).tap();
  await expect(page.getByLabel('手機號碼')).toBeFocused();
  await expect(page.getByText('請輸入手機號碼')).toBeVisible();
  await expect(page.getByText('密碼須為 6 位以上英文字母與數字組合')).toBeVisible();
  await expect(page.getByText('請閱讀並同意所有會員條款')).toBeVisible();
});

test('a member logs in with the mobile typed with dashes, and a set birthday reads as text', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page.getByText('請輸入帳號')).toBeVisible();
  await shot(page, 'login-errors');
  await page.getByLabel('帳號').fill('0933-555-777');
  await expect(page.getByText('請輸入帳號')).toBeHidden();
  await page.getByLabel('密碼', { exact: true }).fill(MEMBER.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/change_member`);
  await expect(page.getByText('0933-555-777', { exact: true })).toBeVisible();

  await page.getByLabel('電子信箱（選填）').fill('fen@');
  await page.getByLabel('生日（選填）').fill('1991-03-04');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('格式錯誤')).toBeVisible();
  await shot(page, 'profile-email-error');
  await page.getByLabel('電子信箱（選填）').fill('fen@example.com');
  await expect(page.getByText('格式錯誤')).toBeHidden();
  await page.getByRole('button', { name: '儲存' }).click();
  const result = page.getByRole('dialog', { name: '提示' });
  await expect(result).toContainText('修改成功');
  // The redirect location is the profile itself, loaded afresh: the checks below are of that page.
  const reloaded = page.waitForEvent('load');
  await result.getByRole('button', { name: '確定' }).click();
  await reloaded;
  await expect(page).toHaveURL(`${server.url}/change_member`);

  const birthday = page.getByRole('group', { name: '生日（選填）' });
  await expect(birthday).toContainText('1991/03/04');
  await expect(birthday).toContainText('生日設定後無法修改');
  await expect(page.locator('input[type="date"]')).toHaveCount(0);
  await birthday.scrollIntoViewIfNeeded();
  await shot(page, 'profile-birthday-locked');
  await shot(page, 'profile-birthday-locked-full', true);
});
