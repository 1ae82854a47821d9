import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { registerUnverifiedMember } from './member-api';
import { freshDataDir, type MemberServer, startMemberServer } from './member-server';
import { latestCode, outboxMessages } from './outbox';
import { closeNetworkNotice, loseFirstAnswer } from './weak-signal';

const MEMBER = { mobile: '0933444555', password: 'abc12345', name: '陳小華' };
const NEW_MOBILE = '0966777888';
const OTHER = { mobile: '0977111222', password: 'xyz98765', name: '林美美' };
const TAKEN = { mobile: '0955123123', password: 'taken1234', name: '張大同' };
// A member on a weak signal, whose answers get lost after the server acted.
const FAINT = { mobile: '0988555666', password: 'faint1234', name: '王弱訊' };
const FAINT_NEW_MOBILE = '0966777999';

let server: MemberServer;

test.beforeAll(async () => {
  server = await startMemberServer(freshDataDir());
  for (const member of [MEMBER, OTHER, TAKEN, FAINT]) await registerUnverifiedMember(server.url, member);
});

test.afterAll(async () => {
  await server?.stop();
});

const shot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: info.outputPath(`${name}-360x640.png`), fullPage: false });

async function logIn(page: Page, account: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('帳號').fill(account);
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
}

async function closeNotice(page: Page, text: string) {
  const notice = page.getByRole('dialog', { name: '提示' });
  await expect(notice).toContainText(text);
  await notice.getByRole('button', { name: '關閉' }).click();
  await expect(notice).toBeHidden();
}

test('a member verifies the mobile, edits the profile, copies the invite code and moves to a new mobile', async ({
  page,
  context,
}, info) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });

  await test.step('log in and land on the profile', async () => {
    await logIn(page, MEMBER.mobile, MEMBER.password);
    await expect(page).toHaveURL(`${server.url}/change_member`);
    await expect(page.getByRole('heading', { name: '基本資料' })).toBeVisible();
    await expect(page.getByLabel('姓名')).toHaveValue(MEMBER.name);
    await shot(page, info, 'profile-unverified');
  });

  await test.step('verify the mobile with the code from the outbox', async () => {
    await page.getByRole('link', { name: '立即驗證' }).click();
    await expect(page).toHaveURL(`${server.url}/verify_mobile`);
    await page.getByRole('button', { name: '發送驗證碼' }).click();
    await expect(page.getByText('驗證碼已發送至 0933-444-555')).toBeVisible();
    await shot(page, info, 'verify-mobile');
    const { code } = await latestCode(server.url, MEMBER.mobile, 'member_verification');
    await page.getByLabel('驗證碼').fill(code);
    await page.getByRole('button', { name: '驗證', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/change_member`);
    await expect(page.getByRole('dialog', { name: '提示' })).toContainText('手機驗證成功');
    await shot(page, info, 'mobile-verified');
    await closeNotice(page, '手機驗證成功');
    await expect(page.getByText('已驗證')).toBeVisible();
    await expect(page.getByRole('link', { name: '立即驗證' })).toHaveCount(0);
  });

  await test.step('edit the profile; the birthday is locked once saved', async () => {
    await page.getByLabel('姓名').fill('陳大華');
    await page.getByRole('radio', { name: '女' }).check();
    await page.getByLabel('電子信箱（選填）').fill('dahua@example.com');
    await page.getByLabel('生日（選填）').fill('1990-05-20');
    await shot(page, info, 'profile-filled');
    await page.getByRole('button', { name: '儲存' }).click();
    const result = page.getByRole('dialog', { name: '提示' });
    await expect(result).toContainText('修改成功');
    await shot(page, info, 'profile-saved');
    // The server's redirect location is the profile itself: it loads afresh, as a page load of its own.
    const reloaded = page.waitForEvent('load');
    await result.getByRole('button', { name: '確定' }).click();
    await reloaded;
    await expect(page).toHaveURL(`${server.url}/change_member`);
    await expect(page.getByLabel('姓名')).toHaveValue('陳大華');
    await expect(page.getByRole('radio', { name: '女' })).toBeChecked();
    await expect(page.getByLabel('電子信箱（選填）')).toHaveValue('dahua@example.com');
    const birthday = page.getByRole('group', { name: '生日（選填）' });
    await expect(birthday).toContainText('1990/05/20');
    await expect(birthday).toContainText('生日設定後無法修改');
    await expect(page.locator('input[type="date"]')).toHaveCount(0);
    await shot(page, info, 'profile-birthday-locked');
  });

  await test.step('copy the referral code to the clipboard', async () => {
    const referral = page.getByRole('region', { name: '我的邀請碼' });
    const code = (await referral.locator('p').first().textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await referral.getByRole('button', { name: '複製邀請碼' }).click();
    await expect(page.getByText('邀請碼已複製')).toBeVisible();
    await shot(page, info, 'referral-copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expect(page.getByText('邀請碼已複製')).toBeHidden({ timeout: 5_000 });
  });

  await test.step('change the mobile: password, then the code sent to the new mobile', async () => {
    await page.getByRole('link', { name: '手機號碼（目前為 0933-444-555）' }).click();
    await expect(page).toHaveURL(`${server.url}/change_member_mobile`);
    await page.getByLabel('新手機號碼').fill(NEW_MOBILE);
    await page.getByLabel('密碼', { exact: true }).fill(MEMBER.password);
    await shot(page, info, 'change-mobile');
    await page.getByRole('button', { name: '發送驗證碼' }).click();
    await expect(page).toHaveURL(`${server.url}/verify_member_mobile`);
    await expect(page.getByText('驗證碼已發送至 0966-777-888')).toBeVisible();
    await shot(page, info, 'verify-new-mobile');
    const { code } = await latestCode(server.url, NEW_MOBILE, 'mobile_change');
    await page.getByLabel('驗證碼').fill(code);
    await page.getByRole('button', { name: '驗證', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/change_member`);
    await expect(page.getByRole('dialog', { name: '提示' })).toContainText('手機號碼變更成功');
    await shot(page, info, 'mobile-changed');
    await closeNotice(page, '手機號碼變更成功');
    await expect(page.getByRole('link', { name: '手機號碼（目前為 0966-777-888）' })).toBeVisible();
    const [notice] = await outboxMessages(server.url, MEMBER.mobile);
    expect(notice?.purpose).toBe('mobile_changed_notice');
    expect(notice?.text).toContain('0966-***-888');
  });

  await test.step('the old mobile no longer logs in; the new one does', async () => {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await logIn(page, MEMBER.mobile, MEMBER.password);
    await expect(page.getByRole('dialog', { name: '提示' })).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/login`);
    await shot(page, info, 'old-mobile-refused');
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '關閉' }).click();
    await logIn(page, NEW_MOBILE, MEMBER.password);
    await expect(page).toHaveURL(`${server.url}/change_member`);
    await expect(page.getByLabel('姓名')).toHaveValue('陳大華');
    await expect(page.getByText('已驗證')).toBeVisible();
  });
});

/** The code entered, its answer lost after the server acted on it, then tried again. */
async function enterCodeLosingTheFirstAnswer(page: Page, call: string, code: string) {
  await loseFirstAnswer(page, call);
  await page.getByLabel('驗證碼').fill(code);
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await closeNetworkNotice(page);
  await page.getByRole('button', { name: '驗證', exact: true }).click();
}

test('verifying and moving the mobile, each answer lost once, end verified and moved on the next try', async ({
  page,
}) => {
  await logIn(page, FAINT.mobile, FAINT.password);
  await expect(page).toHaveURL(`${server.url}/change_member`);

  await test.step('the verification the server made is found made', async () => {
    await page.getByRole('link', { name: '立即驗證' }).click();
    await page.getByRole('button', { name: '發送驗證碼' }).click();
    await expect(page.getByText('驗證碼已發送至 0988-555-666')).toBeVisible();
    const { code } = await latestCode(server.url, FAINT.mobile, 'member_verification');
    await enterCodeLosingTheFirstAnswer(page, '**/api/member/verify_verification_code', code);
    await expect(page).toHaveURL(`${server.url}/change_member`);
    await closeNotice(page, '手機驗證成功');
    await expect(page.getByText('已驗證')).toBeVisible();
  });

  await test.step('the move the server made is found made', async () => {
    await page.getByRole('link', { name: '手機號碼（目前為 0988-555-666）' }).click();
    await page.getByLabel('新手機號碼').fill(FAINT_NEW_MOBILE);
    await page.getByLabel('密碼', { exact: true }).fill(FAINT.password);
    await page.getByRole('button', { name: '發送驗證碼' }).click();
    await expect(page).toHaveURL(`${server.url}/verify_member_mobile`);
    await expect(page.getByText('驗證碼已發送至 0966-777-999')).toBeVisible();
    const { code } = await latestCode(server.url, FAINT_NEW_MOBILE, 'mobile_change');
    await enterCodeLosingTheFirstAnswer(page, '**/api/member/member_verify', code);
    await expect(page).toHaveURL(`${server.url}/change_member`);
    await closeNotice(page, '手機號碼變更成功');
    await expect(page.getByRole('link', { name: '手機號碼（目前為 0966-777-999）' })).toBeVisible();
  });
});

test('a mobile someone else holds is refused on the change screen', async ({ page }, info) => {
  await logIn(page, OTHER.mobile, OTHER.password);
  await expect(page).toHaveURL(`${server.url}/change_member`);
  await page.goto(`${server.url}/Change_member_mobile`);
  await expect(page).toHaveURL(`${server.url}/change_member_mobile`);
  await page.getByLabel('新手機號碼').fill(TAKEN.mobile);
  await page.getByLabel('密碼', { exact: true }).fill(OTHER.password);
  await page.getByRole('button', { name: '發送驗證碼' }).click();
  await expect(page.getByRole('dialog', { name: '提示' })).toContainText('此手機號碼已被註冊');
  await shot(page, info, 'mobile-taken');
});
