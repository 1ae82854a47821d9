import { type Browser, devices, expect, type Page, type TestInfo, test } from '@playwright/test';
import { askForgotPasswordCode, expectAccessible } from './a11y';
import { freshDataDir, importMembers, type MemberServer, startMemberServer } from './member-server';
import { latestCode } from './outbox';
import { closeNetworkNotice, loseFirstAnswer } from './weak-signal';

// Imported legacy members: each logs in with the birthday (8 digits) until choosing a password.
const FORGETFUL = { mobile: '0911000111', birthday: '19850315' };
const LEGACY = { mobile: '0911000222', birthday: '19801201' };
const TWO_DEVICES = { mobile: '0911000333', birthday: '19900704' };
const FAINT = { mobile: '0911000444', birthday: '19880808' };
const EDITING = { mobile: '0911000555', birthday: '19920229' };
const UNSURE = { mobile: '0911000666', birthday: '19870101' };
// Two people on one phone: the first moving to a new mobile, the second signing in after them.
const MOVING = { mobile: '0911000777', birthday: '19890909' };
const NEXT_PERSON = { mobile: '0911000888', birthday: '19911111' };
// One member on two phones: the new mobile asked for on one, the password changed on the other.
const RESUMING = { mobile: '0911000999', birthday: '19860606' };
const CSV = [
  'mobile,name,birthday,gender,email',
  `${FORGETFUL.mobile},陳忘記,1985/03/15,F,`,
  `${LEGACY.mobile},林舊會員,1980/12/01,M,`,
  `${TWO_DEVICES.mobile},黃雙機,1990/07/04,F,`,
  `${FAINT.mobile},吳斷線,1988/08/08,M,`,
  `${EDITING.mobile},鄭編輯,1992/02/29,F,`,
  `${UNSURE.mobile},周不確定,1987/01/01,M,`,
  `${MOVING.mobile},許搬家,1989/09/09,F,`,
  `${NEXT_PERSON.mobile},蔡下一位,1991/11/11,M,`,
  `${RESUMING.mobile},謝接續,1986/06/06,F,`,
].join('\n');

let server: MemberServer;

test.beforeAll(async () => {
  const dataDir = freshDataDir();
  expect(await importMembers(dataDir, `${CSV}\n`)).toContain('匯入 9 筆會員，');
  server = await startMemberServer(dataDir);
});

test.afterAll(async () => {
  await server?.stop();
});

const shot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: info.outputPath(`${name}-360x640.png`) });

async function logIn(page: Page, account: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('帳號').fill(account);
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
}

async function fillChange(page: Page, oldPassword: string, newPassword: string) {
  await page.getByLabel('舊密碼').fill(oldPassword);
  await page.getByLabel('新密碼', { exact: true }).fill(newPassword);
  await page.getByLabel('確認新密碼').fill(newPassword);
}

/** On the member's own phone, signed in with the birthday: the password changed, which ends their other phones' sessions. */
async function changeImportedPassword(page: Page, member: { mobile: string; birthday: string }, newPassword: string) {
  await logIn(page, member.mobile, member.birthday);
  await fillChange(page, member.birthday, newPassword);
  await page.getByRole('button', { name: '確定' }).click();
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '確定' }).click();
  await expect(page).toHaveURL(`${server.url}/change_member`);
}

/** A second phone of the same member: its own browser context, at the same size. */
async function secondPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    ...devices['Pixel 5'],
    viewport: { width: 360, height: 640 },
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
  });
  return context.newPage();
}

test('a member who forgot the password gets a code by SMS, sets a new one, and logs in only with it', async ({
  page,
}, info) => {
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: '忘記密碼' }).click();
  await expect(page).toHaveURL(`${server.url}/forgotPassword`);
  await expect(page.getByText('若 5 分鐘內未收到簡訊，請重新發送；24 小時內最多發送 3 次')).toBeVisible();
  await shot(page, info, 'forgot-password');

  await page.getByLabel('手機號碼').fill(FORGETFUL.mobile);
  await page.getByRole('button', { name: '發送驗證碼' }).click();
  await expect(page).toHaveURL(`${server.url}/verify_forget_password`);
  expect(await page.evaluate(() => sessionStorage.getItem('TEMP_ACCESS_TOKEN'))).toMatch(/^[\w-]{43}$/);
  const { code, message } = await latestCode(server.url, FORGETFUL.mobile, 'forgot_password');
  expect(message.text).toContain('忘記密碼驗證碼');

  // The server takes no second code within 60 s, and the resend button counts that down.
  await expect(page.getByRole('button', { name: /^重新發送驗證碼（\d+ 秒）$/ })).toBeDisabled();

  await page.getByLabel('驗證碼').fill(code);
  await shot(page, info, 'verify-forgot-password');
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/reset_pwd`);

  await page.getByLabel('新密碼', { exact: true }).fill('spring2025');
  await page.getByLabel('確認新密碼').fill('spring2026');
  await page.getByLabel('新密碼', { exact: true }).focus();
  await expect(page.getByText('兩次輸入的密碼不一致')).toBeVisible();
  await shot(page, info, 'reset-password-mismatch');
  await page.getByLabel('確認新密碼').fill('spring2025');
  await page.getByRole('button', { name: '確定' }).click();
  const done = page.getByRole('dialog', { name: '提示' });
  await expect(done).toContainText('密碼重設完成，下次請使用新密碼登入');
  await shot(page, info, 'reset-password-done');
  expect(await page.evaluate(() => sessionStorage.getItem('TEMP_ACCESS_TOKEN'))).toBeNull();
  await done.getByRole('button', { name: '確定' }).click();
  await expect(page).toHaveURL(`${server.url}/login`);
  await expect(page.getByLabel('帳號')).toHaveValue(FORGETFUL.mobile);

  // Back from /login reaches the code screen again: the recovery is said to be done, not expired.
  await page.goBack();
  await expect(page).toHaveURL(`${server.url}/verify_forget_password`);
  const finished = page.getByRole('alert');
  await expect(finished).toContainText('密碼已重設完成');
  await shot(page, info, 'recovery-finished');
  await expectAccessible(page, '/verify_forget_password after the reset');
  await finished.getByRole('link', { name: '前往登入' }).click();
  await expect(page).toHaveURL(`${server.url}/login`);

  await logIn(page, FORGETFUL.mobile, FORGETFUL.birthday);
  const refused = page.getByRole('dialog', { name: '提示' });
  await expect(refused).toContainText('密碼錯誤');
  await refused.getByRole('button', { name: '關閉' }).click();

  await logIn(page, FORGETFUL.mobile, 'spring2025');
  // The reset replaced the birthday password, so the member goes to the default address, not /change_pwd.
  await expect(page).toHaveURL(`${server.url}/change_member`);
});

test('a reset whose answer is lost says it was most likely made, and the new password logs in', async ({
  page,
}, info) => {
  await askForgotPasswordCode(page, server.url, FAINT.mobile);
  const { code } = await latestCode(server.url, FAINT.mobile, 'forgot_password');
  await page.getByLabel('驗證碼').fill(code);
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/reset_pwd`);

  // The server resets the password and spends the temp token; the member never hears so.
  await loseFirstAnswer(page, '**/member/reset_password');
  await page.getByLabel('新密碼', { exact: true }).fill('autumn2026');
  await page.getByLabel('確認新密碼').fill('autumn2026');
  await page.getByRole('button', { name: '確定' }).click();
  await closeNetworkNotice(page);
  await page.getByRole('button', { name: '確定' }).click();
  const notice = page.getByRole('dialog', { name: '提示' });
  await expect(notice).toContainText('密碼可能已重設完成，請使用新密碼登入；若無法登入，請重新申請。');
  await shot(page, info, 'reset-lost-answer');
  await expectAccessible(page, '/reset_pwd after a lost answer');
  await notice.getByRole('button', { name: '關閉' }).click();

  await logIn(page, FAINT.mobile, 'autumn2026');
  await expect(page).toHaveURL(`${server.url}/change_member`);
});

test('a legacy member logs in with the birthday, is sent to change it, and then goes to the default address', async ({
  page,
}, info) => {
  await logIn(page, LEGACY.mobile, LEGACY.birthday);
  await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  await expect(page.getByRole('heading', { name: '修改密碼' })).toBeVisible();
  await shot(page, info, 'change-password');

  await fillChange(page, LEGACY.birthday, LEGACY.birthday);
  await page.getByRole('button', { name: '確定' }).click();
  await expect(page.getByText('密碼須為 6-12 位英文字母與數字組合')).toBeVisible();
  await shot(page, info, 'change-password-rule');

  await fillChange(page, LEGACY.birthday, 'winter2025');
  await page.getByRole('button', { name: '確定' }).click();
  const done = page.getByRole('dialog', { name: '提示' });
  await expect(done).toContainText('修改成功');
  await shot(page, info, 'change-password-done');
  await done.getByRole('button', { name: '確定' }).click();
  await expect(page).toHaveURL(`${server.url}/change_member`);

  // The session that changed the password stays: back on /login it is sent on at once.
  await page.goto(`${server.url}/login`);
  await expect(page).toHaveURL(`${server.url}/change_member`);
});

test('a signed-in member who does not know the current password recovers it from 修改密碼, then signs in with the new one', async ({
  page,
}, info) => {
  await logIn(page, UNSURE.mobile, UNSURE.birthday);
  await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  await page.getByRole('link', { name: '返回基本資料' }).click();
  await expect(page.getByLabel('姓名')).toHaveValue('周不確定');
  await page.getByRole('link', { name: '修改密碼' }).click();

  await fillChange(page, 'guess2020', 'summer2026');
  await page.getByRole('button', { name: '確定' }).click();
  const wrong = page.getByRole('dialog', { name: '提示' });
  await expect(wrong).toContainText('密碼錯誤');
  await expectAccessible(page, '/change_pwd wrong current password');
  await shot(page, info, 'change-password-wrong-current');
  await wrong.getByRole('link', { name: '忘記密碼' }).click();

  await expect(page).toHaveURL(`${server.url}/forgotPassword`);
  await expect(page.getByLabel('手機號碼')).toHaveValue(UNSURE.mobile);
  await expect(page.getByRole('link', { name: '返回修改密碼' })).toBeVisible();
  await shot(page, info, 'forgot-password-signed-in');
  await expectAccessible(page, '/forgotPassword signed in');
  await page.getByRole('button', { name: '發送驗證碼' }).click();
  await expect(page).toHaveURL(`${server.url}/verify_forget_password`);
  const { code } = await latestCode(server.url, UNSURE.mobile, 'forgot_password');
  await page.getByLabel('驗證碼').fill(code);
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await page.getByLabel('新密碼', { exact: true }).fill('summer2026');
  await page.getByLabel('確認新密碼').fill('summer2026');
  await page.getByRole('button', { name: '確定' }).click();
  const done = page.getByRole('dialog', { name: '提示' });
  await expect(done).toContainText('密碼重設完成，下次請使用新密碼登入');
  await done.getByRole('button', { name: '確定' }).click();

  // The reset ended the session here too: /login shows its form instead of sending the member on.
  await expect(page).toHaveURL(`${server.url}/login`);
  await expect(page.getByLabel('帳號')).toBeVisible();
  await logIn(page, UNSURE.mobile, 'summer2026');
  await expect(page).toHaveURL(`${server.url}/change_member`);
});

test("changing the password on one phone ends the member's session on the other", async ({ page, browser }, info) => {
  const other = await secondPhone(browser);
  await logIn(other, TWO_DEVICES.mobile, TWO_DEVICES.birthday);
  await expect(other).toHaveURL(`${server.url}/change_pwd?reason=imported`);

  await logIn(page, TWO_DEVICES.mobile, TWO_DEVICES.birthday);
  await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  await fillChange(page, TWO_DEVICES.birthday, 'summer2025');
  await page.getByRole('button', { name: '確定' }).click();
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '確定' }).click();
  await expect(page).toHaveURL(`${server.url}/change_member`);

  // The other phone still holds its session locally, so the guard lets the reload in; the server does not.
  await other.reload();
  await expect(other.getByRole('heading', { name: '修改密碼' })).toBeVisible();
  await fillChange(other, TWO_DEVICES.birthday, 'autumn2025');
  await other.getByRole('button', { name: '確定' }).click();
  const ended = other.getByRole('dialog', { name: '提示' });
  await expect(ended).toContainText('登入已失效，請重新登入');
  await other.screenshot({ path: info.outputPath('other-phone-session-ended-360x640.png') });
  await ended.getByRole('button', { name: '關閉' }).click();
  await expect(other).toHaveURL(`${server.url}/login`);
  expect(await other.evaluate(() => localStorage.getItem('memberAuth'))).toBeNull();

  // Its autumn password was never set: only the summer one logs in.
  await logIn(other, TWO_DEVICES.mobile, 'summer2025');
  await expect(other).toHaveURL(`${server.url}/change_member`);

  // Changed once more on this phone; the other then opens /login (LINE's menu, a shop's link),
  // which takes a member with a session straight on: this one is told it has ended, and signs in.
  await page.goto(`${server.url}/change_pwd`);
  await fillChange(page, 'summer2025', 'winter2025');
  await page.getByRole('button', { name: '確定' }).click();
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '確定' }).click();
  await other.goto(`${server.url}/login`);
  const endedOnArrival = other.getByRole('dialog', { name: '提示' });
  await expect(endedOnArrival).toHaveText(/登入已失效，請重新登入/);
  await expect(endedOnArrival).not.toContainText('前往會員中心');
  await other.screenshot({ path: info.outputPath('other-phone-login-after-session-ended-360x640.png') });
  await endedOnArrival.getByRole('button', { name: '關閉' }).click();
  await expect(other).toHaveURL(`${server.url}/login`);
  await logIn(other, TWO_DEVICES.mobile, 'winter2025');
  await expect(other).toHaveURL(`${server.url}/change_member`);
  await other.context().close();
});

test('a profile edit that meets a session ended on the other phone is kept through signing in again, then saved', async ({
  page,
  browser,
}, info) => {
  const other = await secondPhone(browser);
  await logIn(other, EDITING.mobile, EDITING.birthday);
  await expect(other).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  await other.goto(`${server.url}/change_member`);
  await other.getByLabel('姓名').fill('鄭大編輯');
  await other.getByLabel('電子信箱（選填）').fill('editor@example.com');

  // Meanwhile the member changes the password on this phone, which ends the other phone's session.
  await changeImportedPassword(page, EDITING, 'winter2025');

  await other.getByRole('button', { name: '儲存' }).click();
  const ended = other.getByRole('dialog', { name: '提示' });
  await expect(ended).toContainText('登入已失效，請重新登入');
  await ended.getByRole('button', { name: '確定' }).click();
  await expect(other).toHaveURL(`${server.url}/login`);

  await logIn(other, EDITING.mobile, 'winter2025');
  await expect(other).toHaveURL(`${server.url}/change_member`);
  await expect(other.getByRole('status').filter({ hasText: '已帶回您上次尚未儲存的修改' })).toBeVisible();
  await expect(other.getByLabel('姓名')).toHaveValue('鄭大編輯');
  await expect(other.getByLabel('電子信箱（選填）')).toHaveValue('editor@example.com');
  await other.screenshot({ path: info.outputPath('unsaved-edits-back-360x640.png') });
  await expectAccessible(other, 'the profile with the unsaved edits back');

  await other.getByRole('button', { name: '儲存' }).click();
  await expect(other.getByRole('dialog', { name: '提示' })).toContainText('修改成功');
  await other.reload();
  await expect(other.getByLabel('姓名')).toHaveValue('鄭大編輯');
  await other.context().close();
});

test('a new mobile waiting for its code on a phone whose session ended is not shown to the next person who signs in there', async ({
  page,
  browser,
}, info) => {
  // The first member asks for a new mobile on the shared phone: a code goes to it.
  const shared = await secondPhone(browser);
  await logIn(shared, MOVING.mobile, MOVING.birthday);
  await expect(shared).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  await shared.goto(`${server.url}/change_member_mobile`);
  await shared.getByLabel('新手機號碼').fill('0966200200');
  await shared.getByLabel('密碼', { exact: true }).fill(MOVING.birthday);
  await shared.getByRole('button', { name: '發送驗證碼' }).click();
  await expect(shared).toHaveURL(`${server.url}/verify_member_mobile`);
  await expect(shared.getByText(/0966-200-200/)).toBeVisible();

  // On their own phone they change the password, which ends the shared phone's session.
  await changeImportedPassword(page, MOVING, 'moving2025');

  await shared.getByLabel('驗證碼').fill('000000');
  await shared.getByRole('button', { name: '驗證', exact: true }).click();
  const ended = shared.getByRole('dialog', { name: '提示' });
  await expect(ended).toContainText('登入已失效，請重新登入');
  await ended.getByRole('button', { name: '關閉' }).click();
  await expect(shared).toHaveURL(`${server.url}/login`);

  // Someone else signs in on the shared phone and is brought back to the code screen.
  await logIn(shared, NEXT_PERSON.mobile, NEXT_PERSON.birthday);
  await expect(shared).toHaveURL(`${server.url}/verify_member_mobile`);
  await expect(shared.getByRole('alert')).toContainText('找不到要驗證的手機號碼');
  await expect(shared.getByText(/0966/)).toHaveCount(0);
  await shared.screenshot({ path: info.outputPath('next-person-no-pending-mobile-360x640.png') });
  await expectAccessible(shared, '/verify_member_mobile for the next person');
  await shared.context().close();
});

test('a new mobile waiting for its code on a phone whose session ended is confirmed there once the member signs in again', async ({
  page,
  browser,
}, info) => {
  const phone = await secondPhone(browser);
  await logIn(phone, RESUMING.mobile, RESUMING.birthday);
  await expect(phone).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  await phone.goto(`${server.url}/change_member_mobile`);
  await phone.getByLabel('新手機號碼').fill('0966300300');
  await phone.getByLabel('密碼', { exact: true }).fill(RESUMING.birthday);
  await phone.getByRole('button', { name: '發送驗證碼' }).click();
  await expect(phone).toHaveURL(`${server.url}/verify_member_mobile`);

  // On the other phone the member changes the password, which ends this phone's session.
  await changeImportedPassword(page, RESUMING, 'resume2025');

  const { code } = await latestCode(server.url, '0966300300', 'mobile_change');
  await phone.getByLabel('驗證碼').fill(code);
  await phone.getByRole('button', { name: '驗證', exact: true }).click();
  const ended = phone.getByRole('dialog', { name: '提示' });
  await expect(ended).toContainText('登入已失效，請重新登入');
  await ended.getByRole('button', { name: '關閉' }).click();
  await expect(phone).toHaveURL(`${server.url}/login`);

  // Signed in again with the new password, the member is back at the code, and the code in hand moves the account.
  await logIn(phone, RESUMING.mobile, 'resume2025');
  await expect(phone).toHaveURL(`${server.url}/verify_member_mobile`);
  await expect(phone.getByText('驗證碼已發送至 0966-300-300')).toBeVisible();
  await phone.screenshot({ path: info.outputPath('resumed-new-mobile-360x640.png') });
  await phone.getByLabel('驗證碼').fill(code);
  await phone.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(phone).toHaveURL(`${server.url}/change_member`);
  await expect(phone.getByRole('dialog', { name: '提示' })).toContainText('手機號碼變更成功');
  await phone.context().close();
});
