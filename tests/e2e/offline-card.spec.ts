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

/** The card's page and the app's entry, kept by the card's worker in this browser. */
async function keptForOffline(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const kept = await (await caches.open('member-card-page')).match('/member_card');
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec((await kept?.text()) ?? '')?.[1];
    return entry !== undefined && (await (await caches.open('member-card-files')).match(entry)) !== undefined;
  });
}

test('a member who has seen the card once opens it with no signal, and with a signal that answers nothing', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const port = Number(new URL(server.url).port);

  await test.step('the card comes online once, reached from registration inside the app', async () => {
    await registerFromTheCard(page, server.url, VISITOR.mobile, VISITOR.name);
    await expect(cardBarcode(page)).toBeVisible();
    await expect.poll(() => keptForOffline(page), { timeout: 15_000 }).toBe(true);
  });

  await test.step('no network at all: the page opens, and the kept card shows its codes', async () => {
    await server.stop({ keepData: true });
    await page.goto(`${server.url}/member_card`);
    await expect(cardBarcode(page)).toBeVisible();
    await expect(page.getByText(VISITOR.name)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTE })).toBeVisible();
    await page.screenshot({ path: info.outputPath('member-card-no-network-360x640.png') });
    await expectAccessible(page, 'member card opened with no network');
  });

  await test.step('the way back to the profile says it is the connection, and the card is one step back', async () => {
    await page.getByRole('link', { name: '返回基本資料' }).click();
    await expect(page).toHaveURL(`${server.url}/change_member`);
    await closeNetworkNotice(page);
    await expect(page.getByRole('button', { name: '再試一次' })).toBeVisible();
    await page.screenshot({ path: info.outputPath('profile-no-network-360x640.png') });
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
});
