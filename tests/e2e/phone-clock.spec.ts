import { expect, type Page, test } from '@playwright/test';
import { freshDataDir, importMembers, type MemberServer, startMemberServer } from './member-server';

// A phone whose clock is wrong. Set to UTC with Taipei's time typed in by hand, its clock is eight
// hours ahead of the world's; signed calls carry their time, and the server refuses a stamp more
// than 300 s from its own (TIMESTAMP_INVALID). The app learns the server's time from the refusal.

const HOUR_MS = 60 * 60 * 1000;
const LEGACY = { mobile: '0911000666', birthday: '19760921' };

let server: MemberServer;

test.beforeAll(async () => {
  const dataDir = freshDataDir();
  expect(
    await importMembers(dataDir, `mobile,name,birthday,gender,email\n${LEGACY.mobile},張時差,1976/09/21,F,\n`),
  ).toContain('匯入 1 筆會員，');
  server = await startMemberServer(dataDir);
});

test.afterAll(async () => {
  await server?.stop();
});

/** Every signed call the page makes, by path, with the HTTP status of its answer. */
function signedCalls(page: Page): { path: string; status: number }[] {
  const calls: { path: string; status: number }[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST')
      calls.push({ path: new URL(response.url()).pathname, status: response.status() });
  });
  return calls;
}

test('a phone eight hours ahead signs in, changes the birthday password and sees its profile, each with one tap', async ({
  page,
}, info) => {
  await page.clock.install({ time: new Date(Date.now() + 8 * HOUR_MS) });
  const calls = signedCalls(page);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('帳號').fill(LEGACY.mobile);
  await page.getByLabel('密碼', { exact: true }).fill(LEGACY.birthday);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  // The first stamp was refused, the same call went again in the server's time.
  expect(calls).toEqual([
    { path: '/app-api/member/login', status: 401 },
    { path: '/app-api/member/login', status: 200 },
  ]);

  await page.getByLabel('舊密碼').fill(LEGACY.birthday);
  await page.getByLabel('新密碼', { exact: true }).fill('summer2026');
  await page.getByLabel('確認新密碼').fill('summer2026');
  await page.getByRole('button', { name: '確定' }).click();
  const done = page.getByRole('dialog', { name: '提示' });
  await expect(done).toContainText('修改成功');
  await done.getByRole('button', { name: '確定' }).click();
  await expect(page).toHaveURL(`${server.url}/change_member`);
  await expect(page.getByRole('heading', { name: '基本資料' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('profile-eight-hours-ahead-360x640.png') });

  // Learned once for this tab: the calls after it, and after a reload, are stamped right at once.
  await page.reload();
  await expect(page.getByRole('heading', { name: '基本資料' })).toBeVisible();
  expect(calls.slice(2).every((call) => call.status === 200)).toBe(true);
  expect(calls.slice(2).map((call) => call.path)).toEqual([
    '/app-api/member/update_member_password',
    '/api/member/get_member_profile',
    '/api/member/get_member_profile',
  ]);
});
