import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { freshDataDir, importMembers, type MemberServer, startMemberServer } from './member-server';
import { latestCode, outboxMessages } from './outbox';
import { closeNetworkNotice, loseFirstAnswer, loseFirstRequest, loseScripts, scriptsNamed } from './weak-signal';

// A member on a bus with one bar of signal: requests that stall without an error. The page's
// timers run on a clock each test moves (page.clock), so the waits are checked without sitting
// them out.

const LEGACY_CSV =
  'mobile,name,birthday,gender,email\n0911222333,林舊會員,1980/12/01,F,legacy@example.com\n' +
  '0911222444,王換密,1985/03/04,M,\n0911222555,陳返回,1979/09/09,F,\n' +
  '0911222666,張忘記,1982/06/06,F,\n0911222777,李驗證,1977/07/07,M,\n';
// LINE's in-app browser adds its own token to the system WebView's agent; LIFF starts at boot there.
const IN_LINE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36 Line/14.0.0/IAB';

let server: MemberServer;

test.beforeAll(async () => {
  const dataDir = freshDataDir();
  expect(await importMembers(dataDir, LEGACY_CSV)).toContain('匯入 5 筆會員，');
  // A real LIFF app: the browser runs LINE's own SDK, which asks LINE's servers as it starts.
  server = await startMemberServer(dataDir, { LIFF_ID: '1234567890-WeakSig1', LINE_CHANNEL_ID: '1234567890' });
});

test.afterAll(async () => {
  await server?.stop();
});

async function logIn(page: import('@playwright/test').Page, mobile = '0911222333', password = '19801201') {
  await page.getByLabel('帳號').fill(mobile);
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
}

test('a stalled login says why it waits, gives up with the network message, and logs in on the next try', async ({
  page,
}, info) => {
  await page.clock.install();
  let stalled = true;
  // A request that is never answered, as on a connection that stalls without an error.
  await page.route('**/member/login', (route) => (stalled ? undefined : route.continue()));
  await page.goto(`${server.url}/login`);
  await logIn(page);
  const loading = page.getByRole('status').filter({ hasText: '載入中...' });
  await expect(loading).toBeVisible();
  await expect(loading).not.toContainText('網路較慢');

  await page.clock.runFor(5_000);
  await expect(loading).toContainText('網路較慢，仍在處理中，請稍候…');
  await page.screenshot({ path: info.outputPath('slow-login-360x640.png') });
  await expectAccessible(page, 'login: a slow call');
  await page.clock.runFor(15_000);
  const notice = page.getByRole('dialog', { name: '提示' });
  await expect(notice).toContainText('網路連線不穩定，請確認連線後再試一次');
  await page.screenshot({ path: info.outputPath('stalled-login-360x640.png') });

  await notice.getByRole('button', { name: '關閉' }).click();
  await expect(page.getByLabel('帳號')).toHaveValue('0911222333');
  stalled = false;
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
});

test('a profile that got no answer stays on its screen, signed in, and 再試一次 shows it', async ({ page }, info) => {
  await page.goto(`${server.url}/login`);
  await logIn(page);
  await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  await loseFirstRequest(page, '**/api/member/get_member_profile');

  await page.goto(`${server.url}/change_member`);
  await closeNetworkNotice(page);
  await expect(page).toHaveURL(`${server.url}/change_member`);
  await page.screenshot({ path: info.outputPath('profile-no-answer-360x640.png') });
  await expectAccessible(page, 'profile: no answer');
  await page.getByRole('button', { name: '再試一次' }).click();
  await expect(page.getByLabel('姓名')).toHaveValue('林舊會員');
});

test('a password change whose answer is lost is found made on the next try, and the new password logs in', async ({
  page,
}, info) => {
  await page.goto(`${server.url}/login`);
  await logIn(page, '0911222444', '19850304');
  await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  // The server changes the password; the member never hears so.
  await loseFirstAnswer(page, '**/member/update_member_password');
  await page.getByLabel('舊密碼').fill('19850304');
  await page.getByLabel('新密碼', { exact: true }).fill('fresh2026');
  await page.getByLabel('確認新密碼').fill('fresh2026');
  await page.getByRole('button', { name: '確定' }).click();
  await closeNetworkNotice(page);

  // Trying again finds the old password wrong, then the new one already the member's.
  await page.getByRole('button', { name: '確定' }).click();
  const done = page.getByRole('dialog', { name: '提示' });
  await expect(done).toContainText('修改成功');
  await page.screenshot({ path: info.outputPath('lost-change-found-made-360x640.png') });
  await done.getByRole('button', { name: '確定' }).click();
  await expect(page).not.toHaveURL(/\/change_pwd/);

  await page.evaluate(() => localStorage.clear());
  await page.goto(`${server.url}/login`);
  await logIn(page, '0911222444', 'fresh2026');
  await expect(page).not.toHaveURL(/\/login/);
});

test('a forgot-password request whose answer is lost goes on with the code already sent: one SMS, and the reset works', async ({
  page,
}) => {
  await page.goto(`${server.url}/forgotPassword`);
  // The server texts the code and answers a temp token; the member never hears so.
  await loseFirstAnswer(page, '**/member/v1.2/forget_password');
  await page.getByLabel('手機號碼').fill('0911222666');
  await page.getByRole('button', { name: '發送驗證碼' }).click();
  await closeNetworkNotice(page);

  // Trying again within the minute goes on to the code in the member's hand (decision 0028).
  await page.getByRole('button', { name: '發送驗證碼' }).click();
  await expect(page).toHaveURL(`${server.url}/verify_forget_password`);
  expect(await outboxMessages(server.url, '0911222666')).toHaveLength(1);
  const { code } = await latestCode(server.url, '0911222666', 'forgot_password');
  await page.getByLabel('驗證碼').fill(code);
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/reset_pwd`);
});

test('verifying the mobile: a first send whose answer is lost goes on to the code on the retry, said to be within the minute', async ({
  page,
}, info) => {
  await page.goto(`${server.url}/login`);
  await logIn(page, '0911222777', '19770707');
  await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  await page.goto(`${server.url}/verify_mobile`);
  await loseFirstAnswer(page, '**/member/send_verification_code');
  await page.getByRole('button', { name: '發送驗證碼' }).click();
  await closeNetworkNotice(page);

  await page.getByRole('button', { name: '發送驗證碼' }).click();
  await expect(page.getByText('驗證碼已於 1 分鐘內發送，請輸入最新一封簡訊中的驗證碼。')).toBeVisible();
  await expect(page.getByRole('button', { name: /^重新發送驗證碼（\d+ 秒）$/ })).toBeDisabled();
  await page.screenshot({ path: info.outputPath('code-sent-within-the-minute-360x640.png') });
  await expectAccessible(page, '/verify_mobile with a code sent within the minute');
  expect(await outboxMessages(server.url, '0911222777')).toHaveLength(1);

  const { code } = await latestCode(server.url, '0911222777');
  await page.getByLabel('驗證碼').fill(code);
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '提示' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('code-sent-within-the-minute-verified-360x640.png') });
});

test.describe('in LINE', () => {
  test.use({ userAgent: IN_LINE });

  test('the app starts after a bounded wait when LINE’s servers do not answer, says why, and password login works', async ({
    page,
  }, info) => {
    await page.clock.install();
    const toLine: string[] = [];
    // LINE's servers never answer; the app's own server does.
    await page.route('https://*.line.me/**', (route) => {
      toLine.push(route.request().url());
    });
    await page.goto(`${server.url}/login`);
    await expect.poll(() => toLine.length).toBeGreaterThan(0);
    // The page's outline only: the app waits for LIFF to settle LINE's part of the address, and
    // after a moment says the page is still coming (CSS's own time, which the clock does not hold).
    await expect(page.getByRole('button', { name: '登入', exact: true })).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveText('載入中...');
    await expect(page.getByRole('status')).toBeVisible();
    await page.screenshot({ path: info.outputPath('line-not-answering-yet-360x640.png') });

    await page.clock.runFor(10_000);
    // In LINE, LINE login is what the member expects: the screen says why it is not there.
    const notice = page.getByRole('dialog', { name: '提示' });
    await expect(notice).toContainText('LINE 暫時沒有回應，請確認網路連線');
    await expect(page.getByText('載入中...')).toHaveCount(0);
    // The start is this page's for good: loading it again is the way to LINE login.
    await expect(notice.getByRole('button', { name: '重新載入頁面' })).toBeVisible();
    await page.screenshot({ path: info.outputPath('line-no-answer-360x640.png') });
    await notice.getByRole('button', { name: '關閉' }).click();
    await logIn(page);
    await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  });
});

// The signing code (@noble's AES and HMAC) loads with the first call, not with the page.
const SIGNING_CODE = /^(crypto|sha2|hmac)-/;

test('Back pressed while a password change is on its way stays for its answer, 修改成功', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await logIn(page, '0911222555', '19790909');
  await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  await page.getByRole('link', { name: '返回基本資料' }).click();
  await page.getByRole('link', { name: '修改密碼' }).click();
  await expect(page).toHaveURL(`${server.url}/change_pwd`);
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/member/update_member_password', async (route) => {
    await answered;
    await route.continue();
  });
  await page.getByLabel('舊密碼').fill('19790909');
  await page.getByLabel('新密碼', { exact: true }).fill('autumn2026');
  await page.getByLabel('確認新密碼').fill('autumn2026');
  await page.getByRole('button', { name: '確定' }).click();
  await expect(page.getByRole('status').filter({ hasText: '載入中...' })).toBeVisible();

  // Back has happened once its popstate has; the screen must still be the one whose call is on its way.
  await page.evaluate(
    () =>
      new Promise((done) => {
        addEventListener('popstate', done, { once: true });
        history.back();
      }),
  );
  await expect(page).toHaveURL(`${server.url}/change_pwd`);
  answer();
  await expect(page.getByRole('dialog', { name: '提示' })).toContainText('修改成功');
});

test('the signing code lost on the way is the connection: the member is told so and logs in on the next try', async ({
  page,
}) => {
  const found = await loseScripts(page, SIGNING_CODE);
  await page.goto(`${server.url}/login`);
  await logIn(page);
  await closeNetworkNotice(page);
  await expect(page.getByLabel('帳號')).toHaveValue('0911222333');

  found();
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
});

test('a signing code that never comes ends at the call deadline with the network message', async ({ page }) => {
  await page.clock.install();
  // Requests for it that are never answered, as on a connection that stalls without an error.
  await page.route(scriptsNamed(SIGNING_CODE), () => undefined);
  await page.goto(`${server.url}/login`);
  await logIn(page);
  const loading = page.getByRole('status').filter({ hasText: '載入中...' });
  await expect(loading).toBeVisible();
  await page.clock.runFor(20_000);
  await closeNetworkNotice(page);
  await expect(page.getByLabel('帳號')).toHaveValue('0911222333');
});

test('a screen whose code does not come says it is the connection, and 再試一次 shows the screen', async ({
  page,
}, info) => {
  const found = await loseScripts(page, /^registerFirst-/);
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: '會員註冊' }).click();
  await closeNetworkNotice(page);
  await expect(page).toHaveURL(`${server.url}/registerFirst`);
  await page.screenshot({ path: info.outputPath('screen-code-lost-360x640.png') });
  await expectAccessible(page, 'a screen whose code did not come');

  found();
  await page.getByRole('button', { name: '再試一次' }).click();
  await expect(page.getByLabel('手機號碼')).toBeVisible();
});

test('a phone without a network is told so in the app, not by the browser, and finds its way on once back', async ({
  page,
  context,
}, info) => {
  await page.goto(`${server.url}/login`);
  await context.setOffline(true);
  await logIn(page);
  // The login call fails at once: nothing waits for the network to come back to send it.
  await closeNetworkNotice(page);

  // A screen whose code has not come yet: the router's reload would show the browser's error page.
  await page.getByRole('link', { name: '會員註冊' }).click();
  const notice = page.getByRole('dialog', { name: '提示' });
  await expect(notice).toContainText('網路連線不穩定，請確認連線後再試一次');
  await page.screenshot({ path: info.outputPath('offline-screen-code-360x640.png') });
  await expectAccessible(page, 'offline: a screen whose code did not come');
  await notice.getByRole('button', { name: '關閉' }).click();

  await context.setOffline(false);
  await page.getByRole('button', { name: '再試一次' }).click();
  await expect(page.getByLabel('手機號碼')).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/registerFirst`);
});

test('a term whose reader is lost on the way says so in the term, not to be agreed to, and 再試一次 there shows it', async ({
  page,
}, info) => {
  // DOMPurify, which shows a term's content, loads when the first term is opened.
  const found = await loseScripts(page, /^sanitized-html-/);
  await page.goto(`${server.url}/registerFirst`);
  await page.getByLabel('手機號碼').fill('0955123456');
  const terms = page.getByRole('checkbox', { name: /^我已閱讀並同意「/ });
  await terms.first().click();
  const term = page.getByRole('dialog').getByRole('region');
  await expect(term).toContainText('網路連線不穩定，請確認連線後再試一次');
  // Nothing to have read yet, so nothing to agree to.
  const agree = page.getByRole('dialog').getByRole('button', { name: '我已閱讀並同意條款' });
  await expect(agree).toBeDisabled();
  await page.screenshot({ path: info.outputPath('term-reader-lost-360x640.png') });
  await expectAccessible(page, 'registration: a term whose reader did not come');

  found();
  await term.getByRole('button', { name: '再試一次' }).click();
  await expect(term).toContainText('會員資格');
  await agree.click();
  await expect(terms.first()).toBeChecked();
  await expect(page.getByLabel('手機號碼')).toHaveValue('0955123456');
});
