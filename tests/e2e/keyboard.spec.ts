import { expect, type Locator, type Page, test } from '@playwright/test';
import { registerUnverifiedMember } from './member-api';
import { freshDataDir, type MemberServer, startMemberServer } from './member-server';
import { latestCode } from './outbox';

// Journeys done with the keyboard alone: Tab (and Shift+Tab) to move, typing into fields, Enter
// and Space to act. No clicks. After each screen change the focus is on the new screen's heading.

const MEMBER = { mobile: '0944100100', password: 'abc12345', name: '鍵盤會員' };
const FORGETFUL = { mobile: '0944100200', password: 'abc12345', name: '忘記密碼' };

let server: MemberServer;

test.beforeAll(async () => {
  server = await startMemberServer(freshDataDir());
  for (const member of [MEMBER, FORGETFUL]) await registerUnverifiedMember(server.url, member);
});

test.afterAll(async () => {
  await server?.stop();
});

const at = (path: string) => `${server.url}${path}`;
const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through the screen. */
async function tabTo(page: Page, target: Locator, { back = false, most = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < most; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `Tab never reached ${target}`).toBe(true);
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** A new screen shows: its heading has the focus and names the page. */
async function expectScreen(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await expect(page).toHaveURL(at(path));
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  await expect(h1).toBeFocused();
  await expect(page).toHaveTitle(/ \| 會員中心$/);
}

/**
 * The redirect location after login or registration loads as a new page: the title names it and
 * the focus starts at the top of the page, where the first Tab begins.
 */
async function expectLoadedPage(page: Page, path: string, heading: string): Promise<void> {
  await expect(page).toHaveURL(at(path));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page).toHaveTitle(`${heading} | 會員中心`);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
}

async function logInByKeyboard(page: Page, mobile: string, password: string): Promise<void> {
  await page.goto(at('/login'));
  await typeInto(page, page.getByLabel('帳號'), mobile);
  await typeInto(page, page.getByLabel('密碼', { exact: true }), password);
  await tabTo(page, page.getByRole('button', { name: '登入', exact: true }));
  await page.keyboard.press('Enter');
}

test('login: a refusal in the notice, closed with Enter, then the member area', async ({ page }) => {
  await page.goto(at('/login'));
  await expect(page).toHaveTitle('會員登入 | 會員中心');
  await typeInto(page, page.getByLabel('帳號'), MEMBER.mobile);
  await typeInto(page, page.getByLabel('密碼', { exact: true }), 'wrong999');
  await page.keyboard.press('Enter');

  const notice = page.getByRole('dialog', { name: '提示' });
  await expect(notice).toContainText('密碼錯誤');
  const close = notice.getByRole('button', { name: '關閉' });
  await expect(close).toBeFocused();
  // Tab stays inside the modal.
  await page.keyboard.press('Tab');
  await expect(notice.locator(':focus')).toHaveCount(1);
  await tabTo(page, close);
  await page.keyboard.press('Enter');
  await expect(notice).toBeHidden();

  await typeInto(page, page.getByLabel('密碼', { exact: true }), MEMBER.password);
  await tabTo(page, page.getByRole('button', { name: '登入', exact: true }));
  await page.keyboard.press('Enter');
  await expectLoadedPage(page, '/change_member', '基本資料');
});

test('registration: fields, terms in their modals, the optional step and the SMS code', async ({ page }) => {
  const mobile = '0944100300';
  await page.goto(at('/login'));
  await tabTo(page, page.getByRole('link', { name: '會員註冊' }));
  await page.keyboard.press('Enter');
  await expectScreen(page, '/registerFirst', '會員註冊');

  await typeInto(page, page.getByLabel('手機號碼'), mobile);
  await typeInto(page, page.getByLabel('姓名'), '鍵盤新會員');
  await typeInto(page, page.getByLabel('密碼', { exact: true }), 'abc12345');
  await typeInto(page, page.getByLabel('確認密碼'), 'abc12345');
  const terms = page.getByRole('checkbox', { name: /^我已閱讀並同意「/ });
  const count = await terms.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await tabTo(page, terms.nth(i));
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const agree = dialog.getByRole('button', { name: '我已閱讀並同意條款' });
    // Available once the term's content is shown.
    await expect(agree).toBeEnabled();
    await tabTo(page, agree);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    // The focus is back on the term the member opened.
    await expect(terms.nth(i)).toBeFocused();
    await expect(terms.nth(i)).toBeChecked();
  }
  await tabTo(page, page.getByRole('button', { name: '下一步' }));
  await page.keyboard.press('Enter');
  await expectScreen(page, '/registerSecond', '會員註冊');

  await tabTo(page, page.getByRole('radio').first());
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio').first()).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: '註冊', exact: true }));
  await page.keyboard.press('Enter');
  await expectScreen(page, '/registerFinal', '會員註冊');

  const { code } = await latestCode(server.url, mobile);
  await typeInto(page, page.getByLabel('驗證碼'), code);
  await tabTo(page, page.getByRole('button', { name: '驗證', exact: true }));
  await page.keyboard.press('Enter');
  await expectLoadedPage(page, '/change_member', '基本資料');
});

test('forgotten password: the code by SMS, a new password, and the result confirmed with Enter', async ({ page }) => {
  await page.goto(at('/login'));
  await tabTo(page, page.getByRole('link', { name: '忘記密碼' }));
  await page.keyboard.press('Enter');
  await expectScreen(page, '/forgotPassword', '忘記密碼');

  await typeInto(page, page.getByLabel('手機號碼'), FORGETFUL.mobile);
  await tabTo(page, page.getByRole('button', { name: '發送驗證碼' }));
  await page.keyboard.press('Enter');
  await expectScreen(page, '/verify_forget_password', '輸入驗證碼');

  const { code } = await latestCode(server.url, FORGETFUL.mobile, 'forgot_password');
  await typeInto(page, page.getByLabel('驗證碼'), code);
  await page.keyboard.press('Enter');
  await expectScreen(page, '/reset_pwd', '重設密碼');

  await typeInto(page, page.getByLabel('新密碼', { exact: true }), 'spring2025');
  await typeInto(page, page.getByLabel('確認新密碼'), 'spring2025');
  await tabTo(page, page.getByRole('button', { name: '確定' }));
  await page.keyboard.press('Enter');
  const done = page.getByRole('dialog', { name: '提示' });
  await expect(done).toContainText('密碼重設完成');
  await expect(done.getByRole('button', { name: '確定' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectScreen(page, '/login', '會員登入');

  await logInByKeyboard(page, FORGETFUL.mobile, 'spring2025');
  await expectLoadedPage(page, '/change_member', '基本資料');
});

test('profile: edit and save, then the mobile change screen and back', async ({ page }) => {
  await logInByKeyboard(page, MEMBER.mobile, MEMBER.password);
  await expectLoadedPage(page, '/change_member', '基本資料');

  await typeInto(page, page.getByLabel('姓名'), '鍵盤改名');
  // With no gender chosen yet, Tab lands on the group's first choice and Space picks it.
  await tabTo(page, page.getByRole('radio').first());
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio').first()).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: '儲存' }));
  await page.keyboard.press('Enter');
  const saved = page.getByRole('dialog', { name: '提示' });
  await expect(saved).toContainText('修改成功');
  await expect(saved.getByRole('button').last()).toBeFocused();
  // The member goes on to the redirect location, a page load of its own at the same address:
  // wait for it, or the checks below pass on the page it replaces and the Tabs race it.
  const redirected = page.waitForEvent('load');
  await page.keyboard.press('Enter');
  await redirected;
  await expect(saved).toBeHidden();
  await expect(page).toHaveURL(at('/change_member'));
  await expect(page.getByLabel('姓名')).toHaveValue('鍵盤改名');

  await tabTo(page, page.getByRole('link', { name: /^變更手機號碼/ }));
  await page.keyboard.press('Enter');
  await expectScreen(page, '/change_member_mobile', '變更手機號碼');
  await tabTo(page, page.getByRole('link', { name: '返回基本資料' }));
  await page.keyboard.press('Enter');
  await expectScreen(page, '/change_member', '基本資料');
});
