import { createServer, type Socket } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { cardBarcode, registerFromTheCard } from './member-card';
import { freshDataDir, type MemberServer, startMemberServer } from './member-server';
import { closeNetworkNotice } from './weak-signal';

// The member card opened with no signal at the till (decision 0017): once a card has come online
// in this browser, its page opens again when the network is gone, or there but answering nothing.

const VISITOR = { mobile: '0955000888', name: '林離線' };
const OFFLINE_NOTE = '目前離線，顯示已儲存的會員卡，條碼仍可使用。';

let dataDir: string;
let server: MemberServer;

test.beforeAll(async () => {
  dataDir = freshDataDir();
  server = await startMemberServer(dataDir);
});

test.afterAll(async () => {
  await server?.stop();
});

/** A server on the site's address that takes every connection and never answers: one bar of signal. */
async function answerNothing(port: number): Promise<() => Promise<void>> {
  const held: Socket[] = [];
  const silent = createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
  return async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  };
}

/**
 * The browser's own cache emptied, as a phone short of space does: what opens after this comes
 * from what the card's worker keeps, not from files the browser happened to hold.
 */
async function forgetBrowserCache(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.clearBrowserCache');
  await devtools.detach();
}

/** The card's page and the app's entry, kept by the card's worker in this browser. */
async function keptForOffline(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const kept = await (await caches.open('member-card-page')).match('/member_card');
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec((await kept?.text()) ?? '')?.[1];
    return entry !== undefined && (await (await caches.open('member-card-files')).match(entry)) !== undefined;
  });
}

test('the card seen once online opens with no signal and with one that answers nothing, its way back says it is the connection, and signed out it offers the login form', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const port = Number(new URL(server.url).port);

  await test.step('the card comes online once, reached from registration inside the app', async () => {
    await registerFromTheCard(page, server.url, VISITOR.mobile, VISITOR.name);
    await expect(cardBarcode(page)).toBeVisible();
    await expect.poll(() => keptForOffline(page), { timeout: 15_000 }).toBe(true);
  });

  await test.step('the card can be installed on the home screen, named and drawn as the catalogue and the logo say', async () => {
    await page.goto(`${server.url}/member_card`);
    await expect(cardBarcode(page)).toBeVisible();
    const devtools = await page.context().newCDPSession(page);
    const manifest = await devtools.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ short_name: '會員卡', start_url: '/member_card' });
    // Chromium's own verdict on the manifest and its icons. A test browser's context is always
    // private, which Chromium names and which is not the app's.
    const installable = async () =>
      (await devtools.send('Page.getInstallabilityErrors')).installabilityErrors
        .map((error) => error.errorId)
        .filter((id) => id !== 'in-incognito');
    expect(await installable()).toEqual([]);
    // The other pages name no manifest: a page the member only passes through loads nothing for it.
    await page.goto(`${server.url}/login`);
    expect(await installable()).toEqual(['no-manifest']);
    await devtools.detach();
  });

  await test.step('no network at all: the page opens, and the kept card shows its codes', async () => {
    await server.stop({ keepData: true });
    await forgetBrowserCache(page);
    await page.goto(`${server.url}/member_card`);
    await expect(cardBarcode(page)).toBeVisible();
    await expect(page.getByText(VISITOR.name)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTE })).toBeVisible();
    await page.screenshot({ path: info.outputPath('member-card-no-network-360x640.png') });
    await expectAccessible(page, 'member card opened with no network');
  });

  await test.step('the way back to the profile says it is the connection, and offers the card again', async () => {
    await page.getByRole('link', { name: '返回基本資料' }).click();
    await expect(page).toHaveURL(`${server.url}/change_member`);
    await closeNetworkNotice(page);
    await expect(page.getByRole('button', { name: '再試一次' })).toBeVisible();
    await page.screenshot({ path: info.outputPath('profile-no-network-360x640.png') });
    await expectAccessible(page, 'profile reached from the card with no network');
    await page.getByRole('link', { name: '出示會員卡' }).click();
    await expect(page).toHaveURL(`${server.url}/member_card`);
    await expect(cardBarcode(page)).toBeVisible();
    await expect(page.getByText(OFFLINE_NOTE)).toBeVisible();
    // Back to the profile's connection view, and Back again: the card, as it was first opened.
    await page.goBack();
    await expect(page.getByRole('link', { name: '出示會員卡' })).toBeVisible();
    await page.goBack();
    await expect(cardBarcode(page)).toBeVisible();
  });

  await test.step('a network that takes the request and answers nothing: the kept page shows within seconds', async () => {
    const stopAnswering = await answerNothing(port);
    try {
      const opened = Date.now();
      await page.goto(`${server.url}/member_card?from=rich-menu`, { waitUntil: 'commit' });
      await expect(cardBarcode(page)).toBeVisible({ timeout: 15_000 });
      expect(Date.now() - opened).toBeLessThan(15_000);
      await page.screenshot({ path: info.outputPath('member-card-silent-network-360x640.png') });
    } finally {
      await stopAnswering();
    }
  });

  await test.step('the signal back: the card comes from the server again, the offline note gone', async () => {
    server = await startMemberServer(dataDir, { PORT: String(port) });
    await page.goto(`${server.url}/member_card`);
    await expect(cardBarcode(page)).toBeVisible();
    await expect(page.getByText(VISITOR.name)).toBeVisible();
    await expect(page.getByText(OFFLINE_NOTE)).toBeHidden();
  });

  await test.step('signed out, the card page opened with no network offers the login form', async () => {
    // Signed out from the profile opened on its own, as from a bookmark: not a page the card's worker sees.
    await page.goto(`${server.url}/change_member`);
    await page.getByRole('button', { name: '登出' }).click();
    await expect(page).toHaveURL(`${server.url}/login`);
    await server.stop({ keepData: true });
    await forgetBrowserCache(page);
    await page.goto(`${server.url}/member_card`);
    await expect(page).toHaveURL(`${server.url}/login`);
    await expect(page.getByRole('heading', { name: '會員登入' })).toBeVisible();
    await expect(page.getByLabel('帳號')).toBeVisible();
    await expect(page.getByText(VISITOR.name)).toBeHidden();
    await page.screenshot({ path: info.outputPath('login-no-network-360x640.png') });
    await page.getByLabel('帳號').fill(VISITOR.mobile);
    await page.getByLabel('密碼', { exact: true }).fill('abc12345');
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await closeNetworkNotice(page);
    await expect(page.getByLabel('帳號')).toHaveValue(VISITOR.mobile);
    await expectAccessible(page, 'login reached from the card with no network');
  });
});
