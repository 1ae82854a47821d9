import { expect, type Page, test } from '@playwright/test';
import { APP_ROUTES } from '#protocol/routes';
import {
  closeNotice,
  expectAccessible,
  expectLoading,
  expectNoSideScroll,
  fillStepOne,
  holdCalls,
  logIn,
  notice,
  showFieldErrors,
} from './a11y';
import { registerUnverifiedMember } from './member-api';
import { freshDataDir, importMembers, type MemberServer, startMemberServer } from './member-server';
import { latestCode } from './outbox';
import { addOAuthClient, ThirdPartyClient } from './third-party-client';

// axe-core on every screen of protocol/routes.ts and on each of its states: as it arrives, with
// its fields' errors shown, with the notice (or result) modal open, and with the loading overlay
// up; plus the terms and reward modals and the success overlays. One journey per part of the app,
// each recording every state's violations before it fails.

// Members set up for the journeys (the import below means the server adds no demo member).
const REGULAR = { mobile: '0933100100', password: 'abc12345', name: '王常客' };
const MEMBER = { mobile: '0933100200', password: 'abc12345', name: '陳無障' };
const MOVER = { mobile: '0933100300', password: 'abc12345', name: '林換號' };
const UNKNOWN_MOBILE = '0900000001';
// An imported member still on the birthday password.
const IMPORTED = { mobile: '0911300400', birthday: '19850315' };
const IMPORT_CSV = `mobile,name,birthday,gender,email\n${IMPORTED.mobile},黃舊會員,1985/03/15,F,\n`;

let server: MemberServer;
const partner = new ThirdPartyClient();

test.beforeAll(async () => {
  await partner.listen();
  const dataDir = freshDataDir();
  partner.credentials = await addOAuthClient(dataDir, '好鄰居商城', partner.redirectUri);
  expect(await importMembers(dataDir, IMPORT_CSV)).toContain('匯入 1 筆會員，');
  server = await startMemberServer(dataDir);
  partner.memberServerUrl = server.url;
  for (const member of [REGULAR, MEMBER, MOVER]) await registerUnverifiedMember(server.url, member);
});

test.afterAll(async () => {
  await server?.stop();
  await partner.close();
});

const at = (path: string) => `${server.url}${path}`;

async function arrive(page: Page, path: string, state = path): Promise<void> {
  await page.goto(at(path));
  await expect(page.locator('h1')).toBeVisible();
  await expectAccessible(page, state);
}

test('screens anyone can open, as they arrive', async ({ page }) => {
  for (const path of ['/', '/login', '/login/text', '/forgotPassword', '/authorize', '/line_bind', '/no-such-page'])
    await arrive(page, path);
  // Steps that lost what they need say so and offer the way back.
  for (const path of ['/registerSecond', '/registerFinal', '/registerFinal/change_mobile', '/verify_forget_password'])
    await arrive(page, path, `${path} without its earlier step`);
  await arrive(page, '/reset_pwd', '/reset_pwd without a verified code');
  // Member screens send a visitor without a session to the login screen.
  await page.goto(at('/change_member'));
  await expect(page).toHaveURL(/\/login/);
  await expectAccessible(page, '/change_member without a session');
});

test('every screen URL, for a visitor and for a signed-in member, fits 320 px without side scrolling', async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const path of APP_ROUTES) {
    await page.goto(at(path));
    await expect(page.locator('h1').first()).toBeVisible();
    await expectNoSideScroll(page, `${path} for a visitor`);
  }
  // /authorize keeps the hop it was given; the member signs in on a clean page.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await logIn(page, server.url, REGULAR.mobile, REGULAR.password);
  await expect(page).toHaveURL(at('/change_member'));
  for (const path of APP_ROUTES) {
    await page.goto(at(path));
    // A member is sent on from the visitor's screens (/login, /registerFirst...): wait until settled.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('h1').first()).toBeVisible();
    await expectNoSideScroll(page, `${path} for a member`);
  }
});

test('login: errors, notice and loading', async ({ page }) => {
  await arrive(page, '/login');
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, '/login with field errors');

  const release = await holdCalls(page, '/member/login');
  await page.getByLabel('帳號').fill(UNKNOWN_MOBILE);
  await page.getByLabel('密碼', { exact: true }).fill('abc12345');
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expectLoading(page);
  await expectAccessible(page, '/login loading');
  release();
  await expect(notice(page)).toBeVisible();
  await expectAccessible(page, '/login notice');
  await closeNotice(page);

  // LINE (the demo LIFF): an unbound LINE user is offered the binding screen.
  await page.getByRole('button', { name: /使用 LINE 帳號登入/ }).click();
  await expect(notice(page).getByRole('link', { name: '前往綁定' })).toBeVisible();
  await expectAccessible(page, '/login notice offering LINE binding');
});

test('registration: terms, errors, notices, reward modal, verification and success', async ({ page }) => {
  test.setTimeout(180_000);
  const inviteCode = await test.step('a member’s invite code from the profile', async () => {
    await logIn(page, server.url, REGULAR.mobile, REGULAR.password);
    await expect(page).toHaveURL(at('/change_member'));
    const code = (await page.getByRole('region', { name: '我的邀請碼' }).locator('p').first().textContent())?.trim();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    return code ?? '';
  });

  await test.step('step 1', async () => {
    await arrive(page, '/registerFirst');
    await page
      .getByRole('checkbox', { name: /^我已閱讀並同意「/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, '/registerFirst terms modal');
    await page.getByRole('dialog').getByRole('button', { name: '關閉' }).click();

    await showFieldErrors(page, { 手機號碼: '0912', 密碼: 'abc', 確認密碼: 'abd' }, '下一步');
    await expectAccessible(page, '/registerFirst with field errors');

    await fillStepOne(page, REGULAR.mobile, '王重複');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(notice(page)).toBeVisible();
    await expectAccessible(page, '/registerFirst notice');
    await closeNotice(page);

    const release = await holdCalls(page, '/member/register_check');
    await page.getByLabel('手機號碼').fill('0955100100');
    await page.getByRole('button', { name: '下一步' }).click();
    await expectLoading(page);
    await expectAccessible(page, '/registerFirst loading');
    release();
    await expect(page).toHaveURL(at('/registerSecond'));
  });

  await test.step('step 2', async () => {
    await expect(page.locator('h1')).toBeVisible();
    await expectAccessible(page, '/registerSecond');
    await showFieldErrors(page, { 電子信箱: 'not-an-email' }, '註冊');
    await expectAccessible(page, '/registerSecond with field errors');
    await page.getByLabel('電子信箱').fill('');
    await page.getByRole('radio', { name: '女' }).check();

    await page.getByLabel('邀請碼').fill('NOSUCH99');
    await page.getByRole('button', { name: '註冊', exact: true }).click();
    await expect(notice(page)).toBeVisible();
    await expectAccessible(page, '/registerSecond notice');
    await closeNotice(page);

    await page.getByLabel('邀請碼').fill(inviteCode);
    await page.getByRole('button', { name: '註冊', exact: true }).click();
    const rewards = page.getByRole('dialog', { name: '邀請好友獎勵' });
    await expect(rewards).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '載入中' })).toHaveCount(0);
    await expectAccessible(page, '/registerSecond reward modal');
    await rewards.getByRole('button', { name: '確認並註冊' }).click();
    await expect(page).toHaveURL(at('/registerFinal'));
  });

  await test.step('step 3 and its mobile change', async () => {
    await expect(page.locator('h1')).toBeVisible();
    await expectAccessible(page, '/registerFinal');
    await showFieldErrors(page, { 驗證碼: '12' }, '驗證');
    await expectAccessible(page, '/registerFinal with field errors');
    await page.getByLabel('驗證碼').fill('000000');
    await page.getByRole('button', { name: '驗證', exact: true }).click();
    await expect(notice(page)).toBeVisible();
    await expectAccessible(page, '/registerFinal notice');
    await closeNotice(page);

    await page.getByRole('link', { name: '變更手機號碼' }).click();
    await expect(page).toHaveURL(at('/registerFinal/change_mobile'));
    await expectAccessible(page, '/registerFinal/change_mobile');
    await showFieldErrors(page, { 新手機號碼: '0955' }, '確認變更');
    await expectAccessible(page, '/registerFinal/change_mobile with field errors');
    await page.getByLabel('新手機號碼').fill(MEMBER.mobile);
    await page.getByRole('button', { name: '確認變更' }).click();
    await expect(notice(page)).toBeVisible();
    await expectAccessible(page, '/registerFinal/change_mobile notice');
    await closeNotice(page);
    await page.goBack();
    await expect(page).toHaveURL(at('/registerFinal'));
  });

  await test.step('the success overlay', async () => {
    const release = await holdCalls(page, '/api/member/redirect_location');
    const { code } = await latestCode(server.url, '0955100100');
    await page.getByLabel('驗證碼').fill(code);
    const redirectAsked = page.waitForRequest((request) => request.url().includes('/api/member/redirect_location'));
    await page.getByRole('button', { name: '驗證', exact: true }).click();
    const overlay = page.getByRole('dialog', { name: '註冊成功' });
    await expect(overlay).toBeVisible();
    // Past the overlay's 2 s its call is asked and held: the page stays for the checks, however slow.
    await redirectAsked;
    await page.waitForTimeout(500);
    await expect(overlay).toBeVisible();
    await expect(page).toHaveURL(at('/registerFinal'));
    await expectAccessible(page, '/registerFinal success overlay');
    release();
    await expect(page).toHaveURL(at('/change_member'));
  });
});

test('forgotten password: errors, notice, loading, code and reset result', async ({ page }) => {
  await arrive(page, '/forgotPassword');
  await showFieldErrors(page, { 手機號碼: '0912' }, '發送驗證碼');
  await expectAccessible(page, '/forgotPassword with field errors');
  await page.getByLabel('手機號碼').fill(UNKNOWN_MOBILE);
  await page.getByRole('button', { name: '發送驗證碼' }).click();
  await expect(notice(page)).toBeVisible();
  await expectAccessible(page, '/forgotPassword notice');
  await closeNotice(page);

  const release = await holdCalls(page, '/member/v1.2/forget_password');
  await page.getByLabel('手機號碼').fill(MOVER.mobile);
  await page.getByRole('button', { name: '發送驗證碼' }).click();
  await expectLoading(page);
  await expectAccessible(page, '/forgotPassword loading');
  release();

  await expect(page).toHaveURL(at('/verify_forget_password'));
  await expect(page.locator('h1')).toBeVisible();
  await expectAccessible(page, '/verify_forget_password');
  await showFieldErrors(page, { 驗證碼: '12' }, '驗證');
  await expectAccessible(page, '/verify_forget_password with field errors');
  await page.getByLabel('驗證碼').fill('000000');
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(notice(page)).toBeVisible();
  await expectAccessible(page, '/verify_forget_password notice');
  await closeNotice(page);

  const { code } = await latestCode(server.url, MOVER.mobile, 'forgot_password');
  await page.getByLabel('驗證碼').fill(code);
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page).toHaveURL(at('/reset_pwd'));
  await expect(page.locator('h1')).toBeVisible();
  await expectAccessible(page, '/reset_pwd');
  await showFieldErrors(page, { 新密碼: 'abc', 確認新密碼: 'abd' }, '確定');
  await expectAccessible(page, '/reset_pwd with field errors');
  await page.getByLabel('新密碼', { exact: true }).fill(MOVER.password);
  await page.getByLabel('確認新密碼').fill(MOVER.password);
  await page.getByRole('button', { name: '確定' }).click();
  await expect(notice(page)).toBeVisible();
  await expectAccessible(page, '/reset_pwd result modal');
});

test('authorize: the hop a partner site starts, and a key that is no longer good', async ({ page }) => {
  await logIn(page, server.url, REGULAR.mobile, REGULAR.password);
  await expect(page).toHaveURL(at('/change_member'));
  const releaseInfo = await holdCalls(page, '/oauth/info');
  const releaseConsent = await holdCalls(page, '/oauth/authorize');
  await page.goto(`${partner.origin}/start`);
  await expect(page).toHaveURL(/\/authorize\?random_key=/);
  await expect(page.locator('h1')).toBeVisible();
  await expectAccessible(page, '/authorize checking the hop');
  releaseInfo();
  await expect(page.getByRole('status').filter({ hasText: '正在前往' })).toBeVisible();
  await expectAccessible(page, '/authorize going to the partner');
  releaseConsent();
  await expect(page.getByRole('heading', { name: /^歡迎/ })).toBeVisible();

  await page.goto(at(`/authorize?random_key=${'x'.repeat(43)}&client_id=${partner.credentials.clientId}&state=s`));
  await expect(notice(page)).toBeVisible();
  await expectAccessible(page, '/authorize notice');
  await closeNotice(page);
  await expectAccessible(page, '/authorize after the notice');
});

test('LINE binding: mobile and password steps, errors and notices', async ({ page }) => {
  await page.goto(at('/login'));
  await page.getByRole('button', { name: /使用 LINE 帳號登入/ }).click();
  await notice(page).getByRole('link', { name: '前往綁定' }).click();
  await expect(page).toHaveURL(at('/line_bind'));
  await expect(page.locator('h1')).toBeVisible();
  await expectAccessible(page, '/line_bind with LINE data');
  await showFieldErrors(page, { 手機號碼: '0912' }, '下一步');
  await expectAccessible(page, '/line_bind with field errors');
  await page.getByLabel('手機號碼').fill(UNKNOWN_MOBILE);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, '/line_bind not-registered modal');
  await page.getByRole('dialog').getByRole('button', { name: '重新輸入' }).click();

  await page.getByLabel('手機號碼').fill(REGULAR.mobile);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(at('/line_bind/login'));
  await expect(page.locator('h1')).toBeVisible();
  await expectAccessible(page, '/line_bind/login');
  await showFieldErrors(page, { 密碼: 'ab' }, '綁定並登入');
  await expectAccessible(page, '/line_bind/login with field errors');
  await page.getByLabel('密碼', { exact: true }).fill('wrong999');
  await page.getByRole('button', { name: '綁定並登入' }).click();
  await expect(notice(page)).toBeVisible();
  await expectAccessible(page, '/line_bind/login notice');
});

test('an imported member is told why the password must change', async ({ page }) => {
  await logIn(page, server.url, IMPORTED.mobile, IMPORTED.birthday);
  await expect(page).toHaveURL(/\/change_pwd/);
  await expect(page.locator('h1')).toBeVisible();
  await expectAccessible(page, '/change_pwd for an imported member');
});

test('member screens: profile, password, mobile, verification and invitations', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, server.url, MEMBER.mobile, MEMBER.password);
  await expect(page).toHaveURL(at('/change_member'));

  await test.step('profile', async () => {
    await expect(page.locator('h1')).toBeVisible();
    await expectAccessible(page, '/change_member');
    await showFieldErrors(page, { 姓名: '', '電子信箱（選填）': 'not-an-email' }, '儲存');
    await expectAccessible(page, '/change_member with field errors');
    await page.getByLabel('姓名').fill(MEMBER.name);
    await page.getByLabel('電子信箱（選填）').fill('');
    const release = await holdCalls(page, '/api/member/update_member_profile');
    await page.getByRole('button', { name: '儲存' }).click();
    await expectLoading(page);
    await expectAccessible(page, '/change_member loading');
    release();
    await expect(notice(page)).toBeVisible();
    await expectAccessible(page, '/change_member result modal');
    // The member goes on to the redirect location, which loads as a page of its own: wait for
    // that load itself, or the next step's navigation races it (the redirect is asked for first).
    const redirected = page.waitForEvent('load');
    await notice(page).getByRole('button').last().click();
    await redirected;
    await expect(notice(page)).toBeHidden();
  });

  await test.step('password change', async () => {
    await arrive(page, '/change_pwd');
    await showFieldErrors(page, { 舊密碼: 'ab', 新密碼: 'abc', 確認新密碼: 'abd' }, '確定');
    await expectAccessible(page, '/change_pwd with field errors');
    await page.getByLabel('舊密碼').fill('wrong1234');
    await page.getByLabel('新密碼', { exact: true }).fill('newpass123');
    await page.getByLabel('確認新密碼').fill('newpass123');
    await page.getByRole('button', { name: '確定' }).click();
    await expect(notice(page)).toBeVisible();
    await expectAccessible(page, '/change_pwd notice');
    await closeNotice(page);
    await page.getByLabel('舊密碼').fill(MEMBER.password);
    await page.getByRole('button', { name: '確定' }).click();
    await expect(notice(page)).toContainText('修改成功');
    await expectAccessible(page, '/change_pwd result modal');
    await notice(page).getByRole('button').last().click();
    await expect(notice(page)).toBeHidden();
    await page.waitForLoadState('networkidle');
    await expect(page.getByLabel('姓名')).toBeVisible();
    MEMBER.password = 'newpass123';
  });

  await test.step('verifying the mobile', async () => {
    await arrive(page, '/verify_mobile');
    const send = page.getByRole('button', { name: '發送驗證碼' });
    if (await send.isVisible()) await send.click();
    await expect(page.getByLabel('驗證碼')).toBeVisible();
    await expectAccessible(page, '/verify_mobile code sent');
    await showFieldErrors(page, { 驗證碼: '12' }, '驗證');
    await expectAccessible(page, '/verify_mobile with field errors');
    await page.getByLabel('驗證碼').fill('000000');
    await page.getByRole('button', { name: '驗證', exact: true }).click();
    await expect(notice(page)).toBeVisible();
    await expectAccessible(page, '/verify_mobile notice');
    await closeNotice(page);
  });

  await test.step('changing the mobile', async () => {
    await arrive(page, '/verify_member_mobile', '/verify_member_mobile without a new mobile');
    await page.goto(at('/Change_member_mobile'));
    await expect(page).toHaveURL(at('/change_member_mobile'));
    await expect(page.locator('h1')).toBeVisible();
    await expectAccessible(page, '/change_member_mobile');
    await showFieldErrors(page, { 新手機號碼: '0966', 密碼: 'ab' }, '發送驗證碼');
    await expectAccessible(page, '/change_member_mobile with field errors');
    await page.getByLabel('新手機號碼').fill(MOVER.mobile);
    await page.getByLabel('密碼', { exact: true }).fill(MEMBER.password);
    await page.getByRole('button', { name: '發送驗證碼' }).click();
    await expect(notice(page)).toBeVisible();
    await expectAccessible(page, '/change_member_mobile notice');
    await closeNotice(page);

    await page.getByLabel('新手機號碼').fill('0966100100');
    await page.getByRole('button', { name: '發送驗證碼' }).click();
    await expect(page).toHaveURL(at('/verify_member_mobile'));
    await expect(page.locator('h1')).toBeVisible();
    await expectAccessible(page, '/verify_member_mobile');
    await showFieldErrors(page, { 驗證碼: '12' }, '驗證');
    await expectAccessible(page, '/verify_member_mobile with field errors');
    await page.getByLabel('驗證碼').fill('000000');
    await page.getByRole('button', { name: '驗證', exact: true }).click();
    await expect(notice(page)).toBeVisible();
    await expectAccessible(page, '/verify_member_mobile notice');
    await closeNotice(page);
  });

  await test.step('invitations, and a screen whose data cannot load', async () => {
    await arrive(page, '/recommend');
    await page.route('**/api/member/get_member_profile', (route) => route.fulfill({ status: 503, body: 'busy' }));
    await page.goto(at('/change_member'));
    await expect(page.locator('h1')).toBeVisible();
    // The spec's way on from a profile that cannot load: its message, then /login after 2.5 s,
    // which sends the signed-in member on to the redirect location, a page load of its own. Both
    // are waited for, or the next step's navigation races them (net::ERR_ABORTED).
    const toLogin = page.waitForURL(at('/login'));
    const redirected = page.waitForEvent('load');
    await expectAccessible(page, '/change_member when the profile cannot load');
    await toLogin;
    await page.unroute('**/api/member/get_member_profile');
    await redirected;
  });

  await test.step('a screen that waits for its data', async () => {
    const release = await holdCalls(page, '/api/member/get_member_profile');
    await page.goto(at('/change_member'));
    await expectLoading(page);
    await expectAccessible(page, '/change_member loading its data');
    release();
    await expect(page.getByLabel('姓名')).toBeVisible();
  });
});
