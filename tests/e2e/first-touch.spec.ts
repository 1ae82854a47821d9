import { expect, type Page, test } from '@playwright/test';
import { freshDataDir, importMembers, type MemberServer, startMemberServer } from './member-server';
import { scriptsNamed } from './weak-signal';

// Code an action needs that its page does not carry comes once the member first touches the page,
// so on a weak signal the tap that needs it does not wait one more round trip (src/lib/first-touch.ts).

let server: MemberServer;

test.beforeAll(async () => {
  const dataDir = freshDataDir();
  await importMembers(dataDir, 'mobile,name,birthday,gender,email\n0911222333,林舊會員,1980/12/01,F,\n');
  server = await startMemberServer(dataDir);
});
test.afterAll(async () => {
  await server?.stop();
});

/**
 * Records what the page asks for, the scripts matching `names` as `code`, and tells whether every
 * one of those asked for so far has come.
 */
function watchRequests(page: Page, names: RegExp) {
  const isCode = scriptsNamed(names);
  const asked: string[] = [];
  let codeAsked = 0;
  let codeCame = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (isCode(url)) codeAsked += 1;
    asked.push(isCode(url) ? 'code' : url.pathname);
  });
  page.on('requestfinished', (request) => {
    if (isCode(new URL(request.url()))) codeCame += 1;
  });
  return { asked, codeHasCome: () => codeAsked > 0 && codeCame === codeAsked };
}

test('/login: the signing code comes while the member types, and 登入 sends the call at once', async ({ page }) => {
  const requests = watchRequests(page, /^(crypto|sha2|hmac)-/);
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  expect(requests.asked).not.toContain('code');

  await page.getByLabel('帳號').click();
  await page.getByLabel('帳號').fill('0911222333');
  await page.getByLabel('密碼', { exact: true }).fill('19801201');
  await expect.poll(requests.codeHasCome).toBe(true);

  requests.asked.length = 0;
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/change_pwd?reason=imported`);
  // The call was the first thing asked after the tap (the page it leads to asks for its own code).
  expect(requests.asked[0]).toBe('/app-api/member/login');
});

test('/registerFirst: the terms’ reader comes while the member fills the form, and a term opens ready to read', async ({
  page,
}) => {
  const requests = watchRequests(page, /^(sanitized-html|purify)/);
  await page.goto(`${server.url}/registerFirst`, { waitUntil: 'networkidle' });
  expect(requests.asked).not.toContain('code');

  await page.getByLabel('手機號碼').fill('0987654321');
  await expect.poll(requests.codeHasCome).toBe(true);

  requests.asked.length = 0;
  await page
    .getByRole('checkbox', { name: /^我已閱讀並同意「/ })
    .first()
    .click();
  const term = page.getByRole('dialog');
  await expect(term.getByRole('button', { name: '我已閱讀並同意條款' })).toBeEnabled();
  expect(requests.asked).toEqual([]);
});
