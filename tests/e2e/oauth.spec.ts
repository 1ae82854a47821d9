import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { freshDataDir, importMembers, type MemberServer, startMemberServer } from './member-server';
import { addOAuthClient, ThirdPartyClient } from './third-party-client';
import { closeNetworkNotice, loseFirstAnswer, loseFirstRequest } from './weak-signal';

const MEMBER_CSV = 'mobile,name,birthday,gender,email\n0911222333,林舊會員,1980/12/01,F,legacy@example.com\n';

let server: MemberServer;
const client = new ThirdPartyClient();

test.beforeAll(async () => {
  await client.listen();
  const dataDir = freshDataDir();
  expect(await importMembers(dataDir, MEMBER_CSV)).toContain('匯入 1 筆會員，');
  client.credentials = await addOAuthClient(dataDir, '好鄰居商城', client.redirectUri);
  server = await startMemberServer(dataDir);
  client.memberServerUrl = server.url;
});

test.afterAll(async () => {
  await server?.stop();
  await client.close();
});

async function logIn(page: Page) {
  await page.getByLabel('帳號').fill('0911222333');
  await page.getByLabel('密碼', { exact: true }).fill('19801201');
  await page.getByRole('button', { name: '登入', exact: true }).click();
}

/** Signed in from /login as the imported member, who lands on the password change asked of them. */
async function signIn(page: Page) {
  await page.goto(`${server.url}/login`);
  await logIn(page);
  await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
}

/** The partner's page welcomes the member: the partner got the profile, once more than `before`. */
async function expectWelcomedByPartner(page: Page, before: number) {
  await expect(page.getByRole('heading', { name: '歡迎，林舊會員' })).toBeVisible();
  expect(client.callbacks).toHaveLength(before + 1);
  expect(client.callbacks.at(-1)?.answer.rcrm.RC).toBe('C01');
}

test('a partner site signs the member in through the member app and gets the profile', async ({ page }, info) => {
  // Hold the consent call until the screen has been seen, so the screenshot shows where it goes.
  let releaseConsent: () => void = () => {};
  const consentHeld = new Promise<void>((resolve) => {
    releaseConsent = resolve;
  });
  await page.route('**/oauth/authorize', async (route) => {
    await consentHeld;
    await route.continue();
  });

  await page.goto(`${client.origin}/start`);
  // Without a session the hop goes through the login screen first.
  await expect(page).toHaveURL(`${server.url}/login`);
  await expect(page.getByRole('button', { name: '登入', exact: true })).toBeVisible();
  await page.screenshot({ path: info.outputPath('oauth-login-360x640.png') });
  await logIn(page);

  await expect(page).toHaveURL(new RegExp(`^${server.url}/authorize\\?random_key=`));
  await expect(page.getByRole('status')).toContainText('正在前往「好鄰居商城」…');
  await expect(page.getByText('「好鄰居商城」將取得您的會員資料')).toBeVisible();
  await page.screenshot({ path: info.outputPath('oauth-authorize-360x640.png') });
  releaseConsent();

  await expect(page).toHaveURL(new RegExp(`^${client.redirectUri}\\?code=[\\w-]{43}&state=`));
  await expect(page.getByRole('heading', { name: '歡迎，林舊會員' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('oauth-partner-360x640.png') });

  expect(client.callbacks).toHaveLength(1);
  const [callback] = client.callbacks;
  expect(callback?.stateKnown).toBe(true);
  expect(callback?.answer.rcrm.RC).toBe('C01');
  expect(callback?.answer.results.member_profile).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    name: '林舊會員',
    mobile: '0911222333',
    gender: 'F',
    email: 'legacy@example.com',
    birthday: '1980/12/01',
    is_verified: false,
  });

  // The code worked once; presented again it is refused.
  const replay = await client.post('/oauth/token', {
    code: callback?.code,
    client_id: client.credentials.clientId,
    client_secret: client.credentials.clientSecret,
  });
  expect(replay.rcrm.RC).toBe('OAUTH_REQUEST_INVALID');
});

test('a signed-in member goes straight through, with the same id as before', async ({ page }) => {
  await signIn(page);
  const before = client.callbacks.length;

  await page.goto(`${client.origin}/start`);

  await expectWelcomedByPartner(page, before);
  const ids = client.callbacks.map((callback) => callback.answer.results.member_profile?.id);
  expect(new Set(ids).size).toBe(1);
});

test('a spent or unknown random_key shows the server message', async ({ page }, info) => {
  await signIn(page);

  await page.goto(
    `${server.url}/authorize?random_key=${'x'.repeat(43)}&client_id=${client.credentials.clientId}&state=s`,
  );

  const notice = page.getByRole('dialog', { name: '提示' });
  await expect(notice).toContainText('授權請求無效或已過期，請重新操作');
  await page.screenshot({ path: info.outputPath('oauth-invalid-360x640.png') });
  await notice.getByRole('button', { name: '關閉' }).click();
  await expect(page.getByText('無法完成授權')).toBeVisible();
  // LINE's browser may show no Back button: the way on inside the app is on the screen.
  const memberArea = page.getByRole('link', { name: '前往會員中心' });
  await expect(memberArea).toBeInViewport();
  await page.screenshot({ path: info.outputPath('oauth-invalid-closed-360x640.png') });
  await memberArea.click();
  await expect(page).toHaveURL(`${server.url}/change_member`);
  await expect(page.getByRole('heading', { name: '基本資料' })).toBeVisible();
});

test('on a weak signal the hop keeps its place: no answer to the check, then 再試一次 goes on to the partner', async ({
  page,
}, info) => {
  await signIn(page);
  const before = client.callbacks.length;
  await loseFirstRequest(page, '**/oauth/info');

  await page.goto(`${client.origin}/start`);
  await closeNetworkNotice(page);
  await expect(page).toHaveURL(new RegExp(`^${server.url}/authorize\\?random_key=`));
  await expect(page.getByText('授權尚未完成，請再試一次。')).toBeVisible();
  await expectAccessible(page, 'oauth: no answer to the check');
  await page.screenshot({ path: info.outputPath('oauth-no-answer-360x640.png') });
  await page.getByRole('button', { name: '再試一次' }).click();

  await expectWelcomedByPartner(page, before);
});

// The server spends the key and makes the code; the member's phone never hears of it.
for (const [way, goOn] of [
  ['再試一次', (page: Page) => page.getByRole('button', { name: '再試一次' }).click()],
  // As when LINE's browser brings the page back: the hop starts again from its own address.
  ['the page opened again', (page: Page) => page.reload()],
] as const) {
  test(`the consent’s answer lost on the way: ${way} still goes on to the partner with the member`, async ({
    page,
  }, info) => {
    await signIn(page);
    const before = client.callbacks.length;
    await loseFirstAnswer(page, '**/oauth/authorize');

    await page.goto(`${client.origin}/start`);
    await closeNetworkNotice(page);
    await expect(page.getByText('授權尚未完成，請再試一次。')).toBeVisible();
    await page.screenshot({ path: info.outputPath('oauth-consent-answer-lost-360x640.png') });
    await goOn(page);

    await expectWelcomedByPartner(page, before);
  });
}

test('a hop stopped before its answer, signed in again in another tab meanwhile, asks before it consents for that session', async ({
  page,
  context,
}, info) => {
  // Another tab of the same browser, left on the login form from before this one signed in.
  const otherTab = await context.newPage();
  await otherTab.goto(`${server.url}/login`);
  await page.bringToFront();
  await signIn(page);
  const before = client.callbacks.length;
  await loseFirstAnswer(page, '**/oauth/authorize');
  await page.goto(`${client.origin}/start`);
  await closeNetworkNotice(page);
  await expect(page.getByText('授權尚未完成，請再試一次。')).toBeVisible();

  // That tab signs in: a new session, maybe another member's.
  await logIn(otherTab);
  await expect(otherTab).toHaveURL(`${server.url}/change_pwd?reason=imported`);

  await page.bringToFront();
  await expect(page.getByText('您已在其他視窗或分頁重新登入，本頁已改為顯示目前登入的帳號。')).toBeVisible();
  await page.getByRole('button', { name: '關閉' }).click();
  await expect(page.getByText('目前登入的帳號為 0911-222-333。若要以此帳號授權，請按「繼續授權」。')).toBeVisible();
  await expectAccessible(page, 'oauth: the session changed under the hop');
  await page.screenshot({ path: info.outputPath('oauth-go-on-as-360x640.png') });
  expect(client.callbacks).toHaveLength(before);
  await page.getByRole('button', { name: '繼續授權' }).click();

  await expectWelcomedByPartner(page, before);
});
